import { Link } from 'react-router';
import { site } from '#shared/site.ts';
import { ContactUs } from './contact-dialog.tsx';
import { SocialIcon } from './social-icon.tsx';
import styles from './footer.module.css';

/** The footer several public pages share (SPEC 1). */
export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
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
            <li>
              <ContactUs />
            </li>
          </ul>
        </nav>
        <ul className={styles.social} aria-label="Indent on social media">
          {site.socialLinks.map((link) => (
            <li key={link.name}>
              <a href={link.href} target="_blank" rel="noopener">
                <SocialIcon name={link.name} />
                <span className="visually-hidden">{link.name} (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
        <p className={styles.copyright}>
          © {site.copyrightYear} {site.company}
        </p>
      </div>
    </footer>
  );
}
