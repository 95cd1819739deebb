import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { lazyAfterLoad } from '#client/lib/lazy-after-load.ts';
import { Navbar } from './navbar.tsx';

// Below the fold on every page: pre-rendered, hydrated once the page has loaded (lazy-after-load.ts).
const Footer = lazyAfterLoad(async () => (await import('./footer.tsx')).Footer);

/** The common header and footer of the public pages. */
export function SiteLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Navbar />
      <div id="main" tabIndex={-1}>
        <Outlet />
      </div>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </>
  );
}
