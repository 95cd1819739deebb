import { usePageTitle } from '#client/lib/page-title.ts';
import { Page } from '#client/components/ui/page.tsx';

export function ArticlesPage() {
  usePageTitle('Programming Articles');
  return (
    <Page>
      <h1>Programming Articles</h1>
    </Page>
  );
}
