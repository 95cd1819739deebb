import { Link, NavLink, Outlet } from 'react-router';
import { site } from '#shared/site.ts';
import styles from './site-layout.module.css';

/** The common header and footer of the public pages. */
export function SiteLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className={styles.header}>
        <nav className={styles.nav} aria-label="Main">
          <Link className={styles.brand} to="/">
            {site.productName}
          </Link>
          <ul className={styles.links}>
            <li>
              <NavLink to="/">Home</NavLink>
            </li>
            <li>
              <NavLink to="/dashboard">Dashboard</NavLink>
            </li>
            <li>
              <NavLink to="/pricing">Pricing</NavLink>
            </li>
            <li>
              <NavLink to="/login">Log In</NavLink>
            </li>
          </ul>
        </nav>
      </header>
      <div id="main" tabIndex={-1}>
        <Outlet />
      </div>
      <footer className={styles.footer}>
        <p>
          © {site.copyrightYear} {site.company}
        </p>
      </footer>
    </>
  );
}
