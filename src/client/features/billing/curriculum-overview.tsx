import { useId } from 'react';
import { modules } from 'virtual:public-content/modules';
import { DisclosureItem } from '#client/components/ui/disclosure.tsx';
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
          return (
            <DisclosureItem
              key={entry.number}
              headingLevel={3}
              expanded={isOpen(entry.number)}
              onToggle={() => toggle(entry.number)}
              summary={
                <>
                  <span className={styles.moduleNumber}>{entry.number}.</span>
                  <span>{entry.title}</span>
                </>
              }
            >
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
            </DisclosureItem>
          );
        })}
      </ol>
    </section>
  );
}
