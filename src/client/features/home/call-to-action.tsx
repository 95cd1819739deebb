import { Link } from 'react-router';
import { isSubscriber, useAuth } from '#client/features/auth/auth-context.tsx';
import styles from './home.module.css';

/** SPEC 2: 'Dashboard' for a subscriber, 'Buy Now' for everyone else. */
export function CallToAction() {
  const { user } = useAuth();
  // Pre-rendered pages have no user, so visitors see 'Buy Now' at once and subscribers after hydration.
  return isSubscriber(user) ? (
    <Link className={styles.cta} to="/dashboard">
      Dashboard
    </Link>
  ) : (
    <Link className={styles.cta} to="/pricing">
      Buy Now
    </Link>
  );
}
