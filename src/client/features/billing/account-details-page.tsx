import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CardPage } from '#client/components/ui/card-page.tsx';
import { PageLoader } from '#client/components/ui/page-loader.tsx';
import { useAuth } from '#client/features/auth/auth-context.tsx';
import { ApiError } from '#client/lib/api.ts';
import { log } from '#client/lib/log.ts';
import { usePageTitle } from '#client/lib/page-title.ts';
import { AccountDataSection } from './account-data-section.tsx';
import { fetchSubscription, longDate, money } from './billing-api.ts';
import styles from './payment-pages.module.css';

/** SPEC 2: access details. The route guard already sends non-subscribers to /pricing. */
export function AccountDetailsPage() {
  usePageTitle('Account Details');
  const { user, refresh } = useAuth();
  const googleId = user?.googleId ?? null;

  const subscription = useQuery({
    queryKey: ['subscription', googleId],
    queryFn: ({ signal }) => fetchSubscription(googleId ?? '', signal),
    enabled: Boolean(googleId),
    retry: false,
  });

  useEffect(() => {
    const err = subscription.error;
    if (!err) return;
    log.error('Subscription fetch failed', err);
    // Access ended or was revoked since the user was stored: refreshing drops stripeSubscriptionId,
    // and the route guard then sends them to /pricing.
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) void refresh();
  }, [subscription.error, refresh]);

  return (
    <CardPage labelledBy="access-title" after={<AccountDataSection />}>
      <h1 id="access-title" className={styles.title}>
        Your Access Details:
      </h1>
      <h2 className={styles.plan}>Learn to Code</h2>
      {subscription.data ? (
        <p className={styles.text}>
          Access Granted Until: <strong>{longDate(subscription.data.accessEndDate)}</strong>
        </p>
      ) : (
        <PageLoader label="Loading your access details" />
      )}
      {subscription.data?.promo ? (
        <p className={styles.text} data-testid="access-promo">
          Paid {money(subscription.data.promo.amountPaidCents, subscription.data.promo.currency)}{' '}
          with promotion code <strong>{subscription.data.promo.code}</strong>
          {subscription.data.promo.listPriceCents !== null
            ? ` (list price ${money(subscription.data.promo.listPriceCents, subscription.data.promo.currency)})`
            : ''}
          .
        </p>
      ) : null}
      <p className={styles.small}>
        One payment, no auto-renewal: your access simply ends on that date.
      </p>
    </CardPage>
  );
}
