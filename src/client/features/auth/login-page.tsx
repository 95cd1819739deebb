import { usePageTitle } from '#client/lib/page-title.ts';
import { Page } from '#client/components/ui/page.tsx';

export function LoginPage() {
  usePageTitle('Log In');
  return (
    <Page>
      <h1>Log in or Sign Up</h1>
    </Page>
  );
}
