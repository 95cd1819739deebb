import { usePageTitle } from '#client/lib/page-title.ts';
import { Page } from '#client/components/ui/page.tsx';

export function HomePage() {
  usePageTitle('Home');
  return (
    <Page>
      <h1>Unlock Your Coding Potential</h1>
      <p>The fastest path from complete beginner to confident Python programmer.</p>
    </Page>
  );
}
