import { usePageTitle } from '#client/lib/page-title.ts';
import { Page } from '#client/components/ui/page.tsx';

export function PrivacyPage() {
  usePageTitle('Privacy Policy');
  return (
    <Page>
      <h1>Privacy Policy</h1>
    </Page>
  );
}
