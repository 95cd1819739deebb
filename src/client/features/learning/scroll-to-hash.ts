import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Once a page's server-rendered HTML is in `container`, brings the section named by the URL's hash
 * (a search result's link) into view and gives it the focus, so keyboard and screen-reader users
 * start there too. The browser cannot do it itself: the HTML arrives after the navigation.
 */
export function useScrollToHash(container: HTMLElement | null): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!container || hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target || !container.contains(target)) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [container, hash]);
}
