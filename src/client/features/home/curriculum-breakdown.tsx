import { useId } from 'react';
import { modules } from 'virtual:public-content/modules';
import { useToggleSet } from '#client/lib/use-toggle-set.ts';
import styles from './home.module.css';

/** SPEC 1: the 15 modules; each opens and closes on its own. */
export function CurriculumBreakdown() {
  const { isOpen, toggle } = useToggleSet<number>();
  const baseId = useId();

  return (
    <section className={styles.section} aria-labelledby={`${baseId}-heading`}>
      <h2 id={`${baseId}-heading`} className={styles.sectionTitle}>
        Curriculum Breakdown
      </h2>
      <p className={styles.sectionLead}>
        Fifteen modules take you from your first line of Python to algorithms and data structures.
        Open any module to see what it covers.
      </p>
      <ol className={styles.modules}>
        {modules.map((module) => {
          const expanded = isOpen(module.number);
          const panelId = `${baseId}-module-${module.number}`;
          return (
            <li key={module.number} className={styles.module}>
              <h3 className={styles.moduleHeading}>
                <button
                  type="button"
                  className={styles.moduleButton}
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => toggle(module.number)}
                >
                  <span className={styles.moduleNumber}>Module {module.number}</span>
                  <span className={styles.moduleTitle}>{module.title}</span>
                  <span className={styles.chevron} aria-hidden="true" />
                </button>
              </h3>
              <div id={panelId} className={styles.modulePanel} hidden={!expanded}>
                <p>{module.description}</p>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
