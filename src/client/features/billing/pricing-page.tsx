import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { formatDollars, site } from '#shared/site.ts';
import { isSubscriber, useAuth } from '#client/features/auth/auth-context.tsx';
import { ApiError } from '#client/lib/api.ts';
import { readNavState } from '#client/lib/location-state.ts';
import { log } from '#client/lib/log.ts';
import { usePageTitle } from '#client/lib/page-title.ts';
import { createCheckout } from './billing-api.ts';
import { CountdownBanner } from './countdown-banner.tsx';
import { CurriculumOverview } from './curriculum-overview.tsx';
import styles from './pricing-page.module.css';
import { Alert } from '#client/components/ui/alert.tsx';

const FEATURES = [
  '15 modules, from your very first program to algorithms and data structures',
  '61 hands-on coding exercises, each with a worked solution to learn from',
  '43 module quizzes with a score that shows what stuck and what to revisit',
  'Write and run real Python in your browser: nothing to install',
  'Learn at your own pace on any device, for a full year',
];

interface PlanCardProps {
  busy: boolean;
  error: string | null;
  onBuy: () => void;
}

/** The one plan: price, what is included and the Buy Now button. */
function PlanCard({ busy, error, onBuy }: PlanCardProps) {
  return (
    <article className={styles.card} aria-labelledby="plan-name">
      <h2 id="plan-name" className={styles.planName}>
        {site.planName}
      </h2>
      <p className={styles.price}>
        <span className={styles.amount}>{formatDollars(site.priceCents)}</span>{' '}
        <s className={styles.listPrice}>
          <span className="visually-hidden">instead of </span>
          {formatDollars(site.listPriceCents)}
        </s>
      </p>
      <p className={styles.term}>1 Year Access</p>
      <p className={styles.description}>
        The complete path from zero to confident Python programmer: clear lessons, practice after
        every idea, and quizzes that tell you what you have mastered.
      </p>
      <ul className={styles.features}>
        {FEATURES.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <p className={styles.notice}>
        No auto-renewal - Pay once for a full year of unlimited access!
      </p>
      <button type="button" className={styles.buy} onClick={onBuy} disabled={busy} aria-busy={busy}>
        {busy ? 'Starting checkout…' : 'Buy Now'}
      </button>
      {error ? (
        <Alert tone="error">
          <p>{error}</p>
        </Alert>
      ) : null}
      <p className={styles.small}>
        Secure payment by card (Visa, Mastercard, American Express, Discover) in US dollars.
      </p>
    </article>
  );
}

export function PricingPage() {
  usePageTitle(
    'Pricing',
    'One payment of $489 gives you a full year of the complete Python course: 15 modules, 61 exercises and 43 quizzes. No auto-renewal.',
  );
  const { user, ready, refresh } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const nav = readNavState(location.state);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const autoStarted = useRef(false);

  const startCheckout = useCallback(
    async (googleId: string) => {
      setBusy(true);
      setError(null);
      try {
        const { url } = await createCheckout(googleId);
        // The demo checkout is a page of this app; Stripe's hosted page is a full navigation.
        if (url.startsWith('/')) void navigate(url);
        else window.location.assign(url);
      } catch (err) {
        log.error('Checkout creation failed', err);
        setBusy(false);
        if (err instanceof ApiError) {
          setError(err.message);
          // Signed out elsewhere, or already a subscriber: bring the stored user up to date.
          if (err.status === 401 || err.code === 'already_subscribed') void refresh();
        } else {
          setError('Checkout could not start. Please try again in a moment.');
        }
      }
    },
    [navigate, refresh],
  );

  // SPEC 2: arriving with the 'subscribe' action (back from sign-in) starts checkout by itself.
  useEffect(() => {
    if (!ready || !user || isSubscriber(user) || nav.action !== 'subscribe') return;
    if (autoStarted.current) return;
    autoStarted.current = true;
    // Drop the action, so coming back to this page from the checkout does not start another one.
    void navigate(location.pathname, { replace: true, state: null });
    void startCheckout(user.googleId);
  }, [ready, user, nav.action, navigate, location.pathname, startCheckout]);

  if (ready && isSubscriber(user)) return <Navigate to="/dashboard" replace />;

  function buyNow() {
    if (!user) {
      void navigate('/login', {
        state: { from: { pathname: '/pricing', search: '', hash: '' }, action: 'subscribe' },
      });
      return;
    }
    void startCheckout(user.googleId);
  }

  return (
    <main className={styles.page}>
      <CountdownBanner />
      <section className={styles.hero} aria-labelledby="pricing-title">
        <h1 id="pricing-title" className={styles.title}>
          One plan. Everything included.
        </h1>
        <p className={styles.lead}>Pay once and learn Python at your own pace for a whole year.</p>
      </section>

      <PlanCard busy={busy} error={error} onBuy={buyNow} />

      <CurriculumOverview />
    </main>
  );
}
