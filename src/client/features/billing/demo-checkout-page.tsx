import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { CardPage } from '#client/components/ui/card-page.tsx';
import { PageLoader } from '#client/components/ui/page-loader.tsx';
import { useAuth } from '#client/features/auth/auth-context.tsx';
import { ApiError } from '#client/lib/api.ts';
import { log } from '#client/lib/log.ts';
import { usePageTitle } from '#client/lib/page-title.ts';
import { demoCheckoutAction, fetchDemoCheckout, money } from './billing-api.ts';
import styles from './payment-pages.module.css';
import { PromoCodeForm } from './promo-code-form.tsx';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';

type DemoOrder = Awaited<ReturnType<typeof fetchDemoCheckout>>;

function OrderSummary({ order }: { order: DemoOrder }) {
  return (
    <>
      <h2 className="visually-hidden">Order summary</h2>
      <dl className={styles.summary}>
        <div>
          <dt>Plan</dt>
          <dd>{order.planName}</dd>
        </div>
        <div>
          <dt>Access</dt>
          <dd>1 year, no auto-renewal</dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>{order.email}</dd>
        </div>
        {order.promo ? (
          <div>
            <dt>Promotion code {order.promo.code}</dt>
            <dd>
              <s aria-label={`was ${money(order.promo.listPriceCents, order.currency)}`}>
                {money(order.promo.listPriceCents, order.currency)}
              </s>{' '}
              −{money(order.promo.listPriceCents - order.amountCents, order.currency)}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Total due</dt>
          <dd>{money(order.amountCents, order.currency)}</dd>
        </div>
      </dl>
    </>
  );
}

interface OrderActionsProps {
  order: DemoOrder;
  id: string;
  busy: 'pay' | 'cancel' | null;
  onAct: (action: 'pay' | 'cancel') => void;
}

/** Pay or Cancel while the order is pending; once it is settled, where to go next. */
function OrderActions({ order, id, busy, onAct }: OrderActionsProps) {
  return order.status === 'pending' ? (
    <div className={styles.actions}>
      <Button
        size="lg"
        onClick={() => onAct('pay')}
        disabled={busy !== null}
        aria-busy={busy === 'pay'}
      >
        {busy === 'pay' ? 'Paying…' : `Pay ${money(order.amountCents, order.currency)}`}
      </Button>
      <Button
        size="lg"
        variant="quiet"
        onClick={() => onAct('cancel')}
        disabled={busy !== null}
        aria-busy={busy === 'cancel'}
      >
        Cancel
      </Button>
    </div>
  ) : order.status === 'paid' ? (
    <p className={styles.text}>
      This order is paid.{' '}
      <Link to={`/payment-success?session_id=${encodeURIComponent(id)}`}>
        See your confirmation
      </Link>
      .
    </p>
  ) : (
    <p className={styles.text}>
      This checkout is closed. <Link to="/pricing">Start again from the pricing page</Link>.
    </p>
  );
}

/**
 * The demo driver's stand-in for a hosted checkout page (used only without Stripe keys, never in
 * production). Pay confirms the order through the same grant code as a Stripe webhook.
 */
export function DemoCheckoutPage() {
  usePageTitle('Demo Checkout');
  const { id = '' } = useParams();
  const { user, ready } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const order = useQuery({
    queryKey: ['demo-checkout', id],
    queryFn: ({ signal }) => fetchDemoCheckout(id, signal),
    enabled: Boolean(user),
    retry: false,
  });

  if (ready && !user) return <Navigate to="/login" replace state={{ from: location }} />;

  async function act(action: 'pay' | 'cancel') {
    setBusy(action);
    setError(null);
    try {
      const { redirect } = await demoCheckoutAction(id, action);
      void navigate(redirect, { replace: true });
    } catch (err) {
      log.error(`Demo checkout ${action} failed`, err);
      setBusy(null);
      setError(err instanceof ApiError ? err.message : 'That did not work. Please try again.');
    }
  }

  const data = order.data;
  return (
    <CardPage labelledBy="checkout-title">
      <p className={styles.badge}>Demo checkout: no real payment is taken</p>
      <h1 id="checkout-title" className={styles.title}>
        Checkout
      </h1>
      {order.error ? (
        <Alert tone="error">
          <p>
            {order.error instanceof ApiError
              ? order.error.message
              : 'This checkout could not be loaded. Please start again from the pricing page.'}
          </p>
        </Alert>
      ) : !data ? (
        <PageLoader label="Loading your order" />
      ) : (
        <>
          <OrderSummary order={data} />
          {data.status === 'pending' ? <PromoCodeForm id={id} disabled={busy !== null} /> : null}
          <OrderActions order={data} id={id} busy={busy} onAct={(action) => void act(action)} />
          {error ? (
            <Alert tone="error">
              <p>{error}</p>
            </Alert>
          ) : null}
        </>
      )}
    </CardPage>
  );
}
