import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ExerciseProgress } from '#shared/api/exercise-progress.schema.ts';
import type { ProjectReply } from '#shared/api/projects.schema.ts';
import { programFiles } from '#shared/content/project-schema.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { ApiError } from '#client/lib/api.ts';
import { Button } from '#client/components/ui/button.tsx';
import { PageLoader } from '#client/components/ui/page-loader.tsx';
import { Page } from '#client/components/ui/page.tsx';
import { latestCode, useSavedExercises } from '#client/features/runner/project-code.ts';
import { saveTextFile } from '#client/lib/save-file.ts';
import { usePageTitle } from '#client/lib/page-title.ts';
import { ProjectStep } from './project-step.tsx';
import { useProject } from './projects-api.ts';
import { CourseTopbar } from './course-topbar.tsx';
import styles from './project.module.css';

/** Module 10's section on running Python at home, where "Download the program" points. */
export const AT_HOME_PATH = '/dashboard/lessons/module10#python-on-your-own-computer';

/** /dashboard/projects/{slug}: a program grown step by step (issue 33). */
export function ProjectPage() {
  const { slug = '' } = useParams();
  const project = useProject(slug);
  const saved = useSavedExercises();
  usePageTitle(project.data?.title ?? 'Project');
  return (
    <Page>
      <CourseTopbar backTo="/dashboard" backLabel="to the dashboard" />
      {project.isPending || saved.isPending ? (
        <PageLoader label="Loading the project" />
      ) : project.isError ? (
        <Alert tone="error">
          <h1 className={styles.title}>Project not available</h1>
          <p>
            {project.error instanceof ApiError && project.error.status === 404
              ? 'There is no such project in the course. The dashboard lists them all.'
              : 'We could not load this project. Please check your connection.'}
          </p>
          <Button variant="quiet" onClick={() => void project.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <Project project={project.data} saved={saved.data?.exercises ?? []} />
      )}
    </Page>
  );
}

/** The learner's latest code of a step (a draft newer than the saved code wins), or `fallback`. */
function ownCode(id: string, saved: readonly ExerciseProgress[], fallback: string): string {
  return latestCode(id, saved, fallback).code;
}

function isSolved(id: string, saved: readonly ExerciseProgress[]): boolean {
  return latestCode(id, saved, '').solved;
}

function Project({
  project,
  saved,
}: {
  project: ProjectReply;
  saved: readonly ExerciseProgress[];
}) {
  const solved = project.steps.map((step) => isSolved(step.id, saved));
  const done = solved.filter(Boolean).length;
  // A step opens once the one before is solved; the page starts at the first one not solved.
  const firstOpen = Math.max(0, solved.indexOf(false));
  // Chosen once on opening: solving a step keeps it in view (its verdict, "Go on to step K").
  const [current, setChosen] = useState(() =>
    done === project.steps.length ? project.steps.length - 1 : firstOpen,
  );
  const step = project.steps[current];
  const previous = project.steps[current - 1];
  const start = !step
    ? ''
    : previous
      ? ownCode(previous.id, saved, previous.solution)
      : step.starter;

  return (
    <>
      <p className={styles.kicker}>Project {project.number}</p>
      <h1 className={styles.title}>{project.title}</h1>
      <p className={styles.muted}>
        Recommended after module {project.after} · {done} of {project.steps.length} steps done
      </p>
      {/* Rendered on the server from our own Markdown files; never holds user input. */}
      <div className={styles.prompt} dangerouslySetInnerHTML={{ __html: project.introHtml }} />
      <DownloadProgram project={project} saved={saved} />
      <nav aria-label="Steps">
        <ol className={styles.steps}>
          {project.steps.map((s, index) => {
            const open = index === 0 || solved[index - 1] === true;
            return (
              <li key={s.id} className={styles.stepItem}>
                <span className={styles.stepState}>
                  {solved[index] ? 'Solved' : open ? 'Open' : 'Locked'}
                </span>
                {open ? (
                  <Button
                    variant={index === current ? 'primary' : 'quiet'}
                    aria-current={index === current ? 'step' : undefined}
                    onClick={() => setChosen(index)}
                  >
                    Step {index + 1}: {s.title}
                  </Button>
                ) : (
                  <span className={styles.locked}>
                    Step {index + 1}: {s.title} (solve step {index} first)
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      {step ? (
        <ProjectStep
          key={step.id}
          step={step}
          number={current + 1}
          start={start}
          previousSolution={previous?.solution}
        />
      ) : null}
      {solved[current] && project.steps[current + 1] ? (
        <p>
          Solved.{' '}
          <Button variant="quiet" onClick={() => setChosen(current + 1)}>
            Go on to step {current + 2}
          </Button>
        </p>
      ) : null}
    </>
  );
}

/** "Download the program": the learner's latest code, each file of it as its own .py file. */
function DownloadProgram({
  project,
  saved,
}: {
  project: ProjectReply;
  saved: readonly ExerciseProgress[];
}) {
  const download = () => {
    // The furthest step the learner has code of; before any, step 1's starter.
    const ids = project.steps.map((s) => s.id);
    const latest = [...ids].reverse().find((id) => ownCode(id, saved, '') !== '');
    const code = latest ? ownCode(latest, saved, '') : (project.steps[0]?.starter ?? '');
    for (const file of programFiles(code, project.file)) {
      saveTextFile(file.text, file.name, 'text/x-python');
    }
  };
  return (
    <section className={styles.download} aria-label="Take the program home">
      <Button variant="secondary" onClick={download}>
        Download the program
      </Button>
      <p className={styles.muted}>
        Saves your latest code as <code>{project.file}</code> (a program in several files saves each
        as its own <code>.py</code> file). To run it at home, install Python, put the file in a
        folder, open a terminal there and type <code>python3 {project.file}</code>: module 10&apos;s{' '}
        <Link to={AT_HOME_PATH}>Python on your own computer</Link> shows how.
      </p>
    </section>
  );
}
