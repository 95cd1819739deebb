import { usePageTitle } from '#client/lib/page-title.ts';
import { Page } from '#client/components/ui/page.tsx';

export function AccountDetailsPage() {
  usePageTitle('Account Details');
  return (
    <Page>
      <h1>Your Access Details:</h1>
    </Page>
  );
}
