import { Link } from 'react-router';
import { Page } from '#client/components/ui/page.tsx';
import { usePageTitle } from '#client/lib/page-title.ts';

export function NotFoundPage() {
  usePageTitle('Page not found', 'This page does not exist on Indent.');
  return (
    <Page>
      <h1>We couldn't find that page</h1>
      <p>The address may be mistyped, or the page may have moved.</p>
      <p>
        <Link to="/">Go to the home page</Link> or <Link to="/dashboard">open your dashboard</Link>.
      </p>
    </Page>
  );
}
