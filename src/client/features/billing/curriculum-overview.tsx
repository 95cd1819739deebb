import { useId } from 'react';
import { modules } from 'virtual:public-content/modules';
import { useToggleSet } from '#client/lib/use-toggle-set.ts';
import { CURRICULUM, LESSONS_PER_MODULE } from '#shared/content/curriculum.ts';
import styles from './pricing-page.module.css';

/**
 * SPEC 2: the 15 modules; clicking one toggles its description and its counts. Titles and
 * descriptions come from content/ at build time (so the pre-rendered page holds them); the counts are
 * the fixed curriculum that the content loader checks every module against.
 */
export function CurriculumOverview() {
  const { isOpen, toggle } = useToggleSet<number>();
  const baseId = useId();

  return (
    <section className={styles.overview} aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`} className={styles.overviewTitle}>
        Curriculum Overview
      </h2>
      <ol className={styles.modules}>
        {CURRICULUM.map((entry) => {
          const description = modules.find((m) => m.number === entry.number)?.description ?? '';
          const expanded = isOpen(entry.number);
          const panelId = `${baseId}-module-${entry.number}`;
          return (
            <li key={entry.number} className={styles.module}>
              <h3 className={styles.moduleHeading}>
                <button
                  type="button"
                  className={styles.moduleButton}
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => toggle(entry.number)}
                >
                  <span className={styles.moduleNumber}>{entry.number}.</span>
                  <span>{entry.title}</span>
                  <span className={styles.chevron} aria-hidden="true" />
                </button>
              </h3>
              <div id={panelId} className={styles.modulePanel} hidden={!expanded}>
                <p>{description}</p>
                <dl className={styles.counts}>
                  <div>
                    <dt>Lessons</dt>
                    <dd>{LESSONS_PER_MODULE}</dd>
                  </div>
                  <div>
                    <dt>Quizzes</dt>
                    <dd>{entry.quizCount}</dd>
                  </div>
                  <div>
                    <dt>Hands-On Coding Questions</dt>
                    <dd>{entry.handsOnCount}</dd>
                  </div>
                </dl>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
