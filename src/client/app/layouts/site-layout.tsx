import { Outlet } from 'react-router';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';

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
      <Footer />
    </>
  );
}
