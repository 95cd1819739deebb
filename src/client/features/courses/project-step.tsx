import { useId, useState } from 'react';
import type { LessonExercise } from '#shared/api/lesson.schema.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ExerciseWorkbench } from '#client/features/runner/exercise-workbench.tsx';
import { useSampleRun } from '#client/features/runner/project-code.ts';
import styles from './project.module.css';

/**
 * The open step of a project: what to do, what the program does so far, and the exercises'
 * workbench (Run, Check, Step through, input, history, drafts), opening with `start`: the learner's
 * own code of the step before (or that step's solution), or step 1's starter.
 */
export function ProjectStep(props: {
  step: LessonExercise;
  number: number;
  start: string;
  /** The step before's solution, run as a sample of what the program does so far. */
  previousSolution: string | undefined;
}) {
  const { step, number } = props;
  const headingId = useId();
  return (
    <section className={styles.step} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.stepTitle}>
        Step {number}: {step.title}
      </h2>
      {/* Rendered on the server from our own Markdown files; never holds user input. */}
      <div className={styles.prompt} dangerouslySetInnerHTML={{ __html: step.promptHtml }} />
      <SoFar code={props.previousSolution} stdin={step.check.stdin ?? ''} />
      <ExerciseWorkbench key={step.id} exercise={{ ...step, starter: props.start }} />
    </section>
  );
}

type Sample = { state: 'idle' } | { state: 'running' } | { state: 'done'; text: string };

/** "What the program does so far": a run, on request, of the step before's solution. */
function SoFar({ code, stdin }: { code: string | undefined; stdin: string }) {
  const sampleRun = useSampleRun();
  const [sample, setSample] = useState<Sample>({ state: 'idle' });
  const outputId = useId();
  if (code === undefined) {
    return (
      <p className={styles.soFar}>This step starts the program: there is nothing to run yet.</p>
    );
  }
  const lines = stdin.replace(/\n$/, '').split('\n');
  const show = async () => {
    setSample({ state: 'running' });
    setSample({ state: 'done', text: await sampleRun(code, stdin) });
  };
  return (
    <div className={styles.soFar}>
      <h3 className={styles.soFarTitle}>What the program does so far</h3>
      <p>
        A sample run of the program as it stands after the step before
        {stdin === '' ? '' : `, typing ${lines.map((l) => JSON.stringify(l)).join(' then ')}`}.
      </p>
      <Button
        variant="secondary"
        busy={sample.state === 'running'}
        aria-controls={outputId}
        onClick={() => void show()}
      >
        {sample.state === 'done' ? 'Run the sample again' : 'Show a sample run'}
      </Button>
      <pre
        id={outputId}
        className={styles.sample}
        aria-live="polite"
        hidden={sample.state !== 'done'}
      >
        {sample.state === 'done' ? sample.text || '(it prints nothing)' : ''}
      </pre>
    </div>
  );
}
