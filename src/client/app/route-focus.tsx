import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { trackInputModality } from './input-modality.ts';

/** How long a new page may take to show its heading (a lesson waits for its text) before we give up. */
const HEADING_WAIT_MS = 10_000;

/**
 * The page's main heading: the first h1 in the main area, given `tabindex="-1"` so a script may
 * focus it (Tab never stops on it).
 */
function mainHeading(main: HTMLElement): HTMLElement | null {
  const heading = main.querySelector<HTMLElement>('h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
}

/**
 * Focus and announcement after a page change inside the app, done here once for every page (issue
 * 26). A page change in a single-page app loads no document, so without this the focus stays on the
 * link that was followed (or falls to the body when that link went away) and a screen reader says
 * nothing. On each change of path, once the new page shows its main heading, the heading takes the
 * focus (the next Tab starts from the top of the new page) and a polite live region reads the page
 * title. The first page of a visit is left alone: the browser announces a loaded document itself.
 *
 * A page that put the focus inside the main area itself (a quiz question, a form field) keeps it.
 * The heading's ring shows only when the learner last used the keyboard (global.css reads the
 * root's `data-input`): to a mouse user a ring around a heading looks like a fault.
 */
export function RouteFocus({ mainId }: { mainId: string }) {
  const { pathname, hash } = useLocation();
  const previous = useRef<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => trackInputModality(), []);

  useEffect(() => {
    const first = previous.current === null;
    const changed = previous.current !== pathname;
    previous.current = pathname;
    if (first || !changed) return;
    const main = document.getElementById(mainId);
    if (!main) return;

    let done = false;
    const settle = () => {
      if (done) return;
      const heading = mainHeading(main);
      if (!heading) return;
      done = true;
      stop();
      const active = document.activeElement;
      const pageChoseFocus = active !== null && active !== main && main.contains(active);
      // Focusing scrolls the heading into view (the app keeps the old page's scroll position),
      // except when the address names a section: the page scrolls to that itself.
      if (!pageChoseFocus) heading.focus({ preventScroll: hash !== '' });
      // The page sets its title in an effect of the same commit; read it a frame later.
      requestAnimationFrame(() => setAnnouncement(document.title));
    };
    // The new page may show a loader first and its heading once its data has come.
    const observer = new MutationObserver(settle);
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(main, { childList: true, subtree: true });
    settle();
    return () => {
      done = true;
      stop();
    };
    // A change of hash alone is no page change; the hash is read when the path changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, mainId]);

  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {announcement}
    </p>
  );
}
