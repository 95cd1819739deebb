import { usePageTitle } from '#client/lib/page-title.ts';
import { Page } from '#client/components/ui/page.tsx';

export function PricingPage() {
  usePageTitle('Pricing');
  return (
    <Page>
      <h1>Pricing</h1>
    </Page>
  );
}
