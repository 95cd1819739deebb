import { usePageTitle } from '#client/lib/page-title.ts';
import { Page } from '#client/components/ui/page.tsx';

export function PaymentSuccessPage() {
  usePageTitle('Payment Successful');
  return (
    <Page>
      <h1>Payment Successful</h1>
    </Page>
  );
}
