import { usePageTitle } from '#client/lib/page-title.ts';
import { Page } from '#client/components/ui/page.tsx';

export function TermsPage() {
  usePageTitle('Terms and Conditions');
  return (
    <Page>
      <h1>Terms and Conditions</h1>
    </Page>
  );
}
