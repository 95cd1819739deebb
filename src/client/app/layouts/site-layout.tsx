import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { lazyAfterLoad } from '#client/lib/lazy-after-load.ts';
import { watchScrollTabStops } from '#client/lib/scroll-tab-stops.ts';
import { RouteFocus } from '../route-focus.tsx';
import { Navbar } from './navbar.tsx';

// Below the fold on every page: pre-rendered, hydrated once the page has loaded (lazy-after-load.ts).
const Footer = lazyAfterLoad(async () => (await import('./footer.tsx')).Footer);
// Offline support (service worker, offline banner) matters only after the load: kept out of the first JS.
const OfflineSupport = lazyAfterLoad(
  async () => (await import('../offline-support.tsx')).OfflineSupport,
);

/** The common header and footer of the public pages. */
export function SiteLayout() {
  // Code and output blocks of every page are tab stops only while they scroll (scroll-tab-stops.ts).
  useEffect(() => {
    const main = document.getElementById('main');
    return main ? watchScrollTabStops(main) : undefined;
  }, []);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Navbar />
      <Suspense fallback={null}>
        <OfflineSupport />
      </Suspense>
      <div id="main" tabIndex={-1}>
        <Outlet />
      </div>
      <RouteFocus mainId="main" />
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </>
  );
}
