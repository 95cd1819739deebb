import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { firstName } from '#shared/api/user-name.ts';
import { site } from '#shared/site.ts';
import { isSubscriber, useAuth } from '#client/features/auth/auth-context.tsx';
import styles from './navbar.module.css';
import { ThemeControl } from './theme-control.tsx';

/** SPEC 2: the page turns the navbar light once scrolled this far. */
export const NAVBAR_SCROLL_THRESHOLD = 56;

/** Whether the page has been scrolled past NAVBAR_SCROLL_THRESHOLD. */
function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY >= NAVBAR_SCROLL_THRESHOLD);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return scrolled;
}

/** The page links; a subscriber's third link is their account instead of the pricing page. */
function PageLinks({ subscriber }: { subscriber: boolean }) {
  return (
    <ul className={styles.links}>
      <li>
        <NavLink to="/" end>
          Home
        </NavLink>
      </li>
      <li>
        <NavLink to="/dashboard">Dashboard</NavLink>
      </li>
      <li>
        {subscriber ? (
          <NavLink to="/account-details">Account Details</NavLink>
        ) : (
          <NavLink to="/pricing">Pricing</NavLink>
        )}
      </li>
    </ul>
  );
}

export function Navbar() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const scrolled = useScrolled();
  // The small-screen menu is open for the page it was opened on; moving to another page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);

  // The open menu covers the top of a phone's screen: Escape closes it and gives the focus back to
  // its button, and it closes by itself once the focus has left it (issue 26).
  function onMenuKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpenOn(null);
    menuButton.current?.focus();
  }

  function onNavBlur(event: FocusEvent<HTMLElement>) {
    // No next element (a click on plain text, another window, Safari not focusing a clicked link):
    // the menu stays, so a click on one of its links is never lost to it closing first.
    const next = event.relatedTarget;
    if (open && next instanceof Node && !event.currentTarget.contains(next)) setOpenOn(null);
  }

  async function onLogout() {
    await logout();
    void navigate('/');
  }

  return (
    <header className={styles.header} data-scrolled={scrolled ? 'true' : 'false'}>
      <nav className={styles.nav} aria-label="Main" onKeyDown={onMenuKeyDown} onBlur={onNavBlur}>
        <Link className={styles.brand} to="/">
          {site.productName}
        </Link>
        <button
          ref={menuButton}
          type="button"
          className={styles.menuButton}
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpenOn(open ? null : location.pathname)}
        >
          <span className="visually-hidden">Menu</span>
          <span className={styles.bars} aria-hidden="true" />
        </button>
        <div id={menuId} className={styles.menu} data-open={open ? 'true' : 'false'}>
          <PageLinks subscriber={isSubscriber(user)} />
          <div className={styles.account}>
            <ThemeControl />
            {user ? (
              <>
                <span className={styles.welcome}>Welcome, {firstName(user.name)}</span>
                <button type="button" className={styles.action} onClick={() => void onLogout()}>
                  Log Out
                </button>
              </>
            ) : (
              <Link className={styles.action} to="/login" state={{ from: location }}>
                Log In
              </Link>
            )}
          </div>
        </div>
      </nav>
    </header>
  );
}
