import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { Alert } from '#client/components/ui/alert.tsx';
import { readNavState } from '#client/lib/location-state.ts';
import styles from './home.module.css';

const noSubscription = () => () => undefined;

/**
 * The word the home page gives a learner who has just deleted their account (issue 37). Only after
 * hydration: the history entry keeps its state across a reload, and the pre-rendered HTML has no
 * notice, so drawing it while hydrating would be a hydration mismatch.
 */
export function AccountDeletedNotice() {
  const location = useLocation();
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const shown = hydrated && readNavState(location.state).notice === 'account-deleted';
  const box = useRef<HTMLDivElement>(null);
  // The notice takes the focus, so it is read out and scrolled into view (the app keeps the account
  // page's scroll position); the route focus then leaves the focus where this page put it.
  useEffect(() => {
    if (shown) box.current?.focus();
  }, [shown]);
  if (!shown) return null;
  return (
    <div className={styles.notice} ref={box} tabIndex={-1}>
      <Alert tone="success">
        <p>
          Your account has been deleted and you are signed out on every device. We have sent one
          last e-mail to confirm it. Signing in again starts a new, empty account.
        </p>
      </Alert>
    </div>
  );
}
