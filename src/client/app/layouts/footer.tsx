import { Link } from 'react-router';
import { site } from '#shared/site.ts';
import styles from './footer.module.css';

/** The footer several public pages share (SPEC 1). */
export function Footer() {
  return (
    <footer className={styles.footer}>
      <nav aria-label="Footer">
        <ul className={styles.links}>
          <li>
            <Link to="/privacy">Privacy Policy</Link>
          </li>
          <li>
            <Link to="/terms-and-conditions">Terms and Conditions</Link>
          </li>
          <li>
            <Link to="/articles">Programming Articles</Link>
          </li>
        </ul>
      </nav>
      <p className={styles.copyright}>
        © {site.copyrightYear} {site.company}
      </p>
    </footer>
  );
}
