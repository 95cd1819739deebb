import { useId } from 'react';
import { modules } from 'virtual:public-content/modules';
import { DisclosureItem } from '#client/components/ui/disclosure.tsx';
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
        {modules.map((module) => (
          <DisclosureItem
            key={module.number}
            headingLevel={3}
            expanded={isOpen(module.number)}
            onToggle={() => toggle(module.number)}
            summary={
              <>
                <span className={styles.moduleNumber}>Module {module.number}</span>
                <span>{module.title}</span>
              </>
            }
          >
            <p className={styles.moduleDescription}>{module.description}</p>
          </DisclosureItem>
        ))}
      </ol>
    </section>
  );
}
