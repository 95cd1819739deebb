import { useId } from 'react';
import { ButtonLink } from '#client/components/ui/button.tsx';
import { useProjects } from './projects-api.ts';
import styles from './project.module.css';

/** The dashboard's Projects: each with its module, the learner's steps done and a way in. */
export function ProjectsSection() {
  const projects = useProjects();
  const headingId = useId();
  const list = projects.data?.projects ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Projects</h2>
      <p className={styles.muted}>
        Programs you build step by step from what the modules teach, and take home. The certificate
        asks for all of them.
      </p>
      <ul className={styles.cards}>
        {list.map((project) => {
          const started = project.stepsSolved > 0;
          const finished = project.stepsSolved === project.stepCount;
          return (
            <li key={project.slug} className={styles.card}>
              <h3>{project.title}</h3>
              <p className={styles.muted}>Recommended after module {project.after}</p>
              <p>{project.summary}</p>
              <p>
                <strong>
                  {project.stepsSolved} of {project.stepCount} steps done
                </strong>
              </p>
              <ButtonLink
                to={`/dashboard/projects/${project.slug}`}
                variant={started && !finished ? 'primary' : 'secondary'}
                aria-label={`${finished ? 'Open' : started ? 'Continue' : 'Start'} ${project.title}`}
              >
                {finished ? 'Open' : started ? 'Continue' : 'Start'}
              </ButtonLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
