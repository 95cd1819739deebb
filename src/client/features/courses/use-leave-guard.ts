import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before the learner leaves a quiz they are in the middle of (decision 0037): the in-app ways
 * out (the Back link, browser Back, any link) through the router's blocker and a confirm they can
 * cancel, and closing or reloading the tab through the browser's own `beforeunload` prompt. The
 * place is kept either way; the question is there so that Back pressed by mistake costs nothing.
 */
export function useLeaveGuard(active: boolean, message: string): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);

  useEffect(() => {
    if (!active) return;
    const ask = (event: BeforeUnloadEvent) => {
      // Both, for the browsers that still look only at the old returnValue.
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [active]);
}
