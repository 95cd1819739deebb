import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { isSubscriber, useAuth } from '#client/features/auth/auth-context.tsx';
import styles from './home.module.css';

const noSubscription = () => () => undefined;

/**
 * False while this component hydrates (the server's snapshot), true after. The button below the
 * home page's sections hydrates late (its chunk loads after the page, decision 0021), when the
 * auth context already holds the stored user: reading the user there would draw "Dashboard" over
 * the pre-rendered "Buy Now", React's hydration error #418 (issue 36).
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** SPEC 2: 'Dashboard' for a subscriber, 'Buy Now' for everyone else. */
export function CallToAction() {
  const { user } = useAuth();
  const hydrated = useHydrated();
  // Pre-rendered pages have no user, so visitors see 'Buy Now' at once and subscribers after hydration.
  return hydrated && isSubscriber(user) ? (
    <Link className={styles.cta} to="/dashboard">
      Dashboard
    </Link>
  ) : (
    <Link className={styles.cta} to="/pricing">
      Buy Now
    </Link>
  );
}
