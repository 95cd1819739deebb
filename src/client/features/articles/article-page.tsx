import { usePageTitle } from '#client/lib/page-title.ts';
import { Page } from '#client/components/ui/page.tsx';

export function ArticlePage() {
  usePageTitle('Article');
  return (
    <Page>
      <h1>Article</h1>
    </Page>
  );
}
