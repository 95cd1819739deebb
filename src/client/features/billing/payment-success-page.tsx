import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '#client/components/ui/button.tsx';
import { CardBackdrop, CardPage } from '#client/components/ui/card-page.tsx';
import { PageLoader } from '#client/components/ui/page-loader.tsx';
import { useAuth } from '#client/features/auth/auth-context.tsx';
import { ApiError } from '#client/lib/api.ts';
import { log } from '#client/lib/log.ts';
import { usePageTitle } from '#client/lib/page-title.ts';
import { fetchOrderSuccess } from './billing-api.ts';
import { reportConversion } from './conversion.ts';
import styles from './payment-pages.module.css';

/** A delayed payment method may take a while to confirm: ask again this often, this many times. */
const PENDING_RETRY_MS = 3000;
const PENDING_RETRIES = 40;

export function PaymentSuccessPage() {
  usePageTitle('Payment Successful');
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { ready, refresh } = useAuth();

  const lookup = useQuery({
    queryKey: ['order-success', sessionId],
    queryFn: ({ signal }) => fetchOrderSuccess(sessionId ?? '', signal),
    enabled: ready && Boolean(sessionId),
    staleTime: Infinity,
    retry: (count, err) =>
      err instanceof ApiError && err.code === 'payment_pending' && count < PENDING_RETRIES,
    retryDelay: PENDING_RETRY_MS,
  });

  useEffect(() => {
    if (!sessionId) log.error('Order lookup failed: the address has no session_id.');
  }, [sessionId]);

  useEffect(() => {
    // SPEC 8: a failed look-up is only logged, and the page stays on the loader.
    if (lookup.error) log.error('Order lookup failed', lookup.error);
  }, [lookup.error]);

  const confirmed = lookup.data;
  useEffect(() => {
    if (!confirmed) return;
    // The user now has access: fetch the user again so the navbar shows Account Details.
    void refresh();
    if (confirmed.conversion) reportConversion(confirmed.conversion, confirmed.session.id);
    // `refresh` changes whenever the user does; this runs once per confirmed session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [confirmed]);

  if (!confirmed?.session) {
    return (
      <CardBackdrop>
        {/* The page's heading while it waits, for those who move by headings (axe: page-has-heading-one). */}
        <h1 className="visually-hidden">Your payment</h1>
        <PageLoader label="Confirming your payment" />
      </CardBackdrop>
    );
  }

  return (
    <CardPage labelledBy="success-title">
      <span className={styles.check} aria-hidden="true" />
      <h1 id="success-title" className={styles.title}>
        Payment Successful
      </h1>
      <p className={styles.text}>
        Thank you for your purchase! We&apos;ve sent the details of your transaction to your email.
      </p>
      <ButtonLink size="lg" to="/dashboard">
        Go to Dashboard
      </ButtonLink>
    </CardPage>
  );
}
