import { site } from '#shared/site.ts';
import { ButtonLink } from '#client/components/ui/button.tsx';
import { SearchBox } from '#client/features/learning/search-box.tsx';
import styles from './course-topbar.module.css';

/**
 * The Back and brand links at the top of the dashboard, lesson and quiz screens (SPEC 2), and the
 * course search between them (issue 20).
 */
export function CourseTopbar({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  return (
    <nav className={styles.bar} aria-label="Page">
      <ButtonLink variant="quiet" to={backTo}>
        <span aria-hidden="true">←</span> Back<span className="visually-hidden"> {backLabel}</span>
      </ButtonLink>
      <SearchBox />
      <ButtonLink className={styles.brand} to="/">
        {site.productName}
      </ButtonLink>
    </nav>
  );
}
