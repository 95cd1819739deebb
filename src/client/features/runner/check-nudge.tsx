/*
 * Issue 35: a program only counts once Check has passed it, so when a plain Run already prints
 * exactly the exercise's expected output, the learner is told to press Check. Only where the check
 * has one expected output to compare with, and no input to type: its `stdout`, or (a comparison
 * with the solution's program on no other inputs) what the solution prints, worked out once in
 * the background after the first Run. Anything else cannot be judged from one Run.
 */
import { useEffect, useState } from 'react';
import type { ExerciseCheckDto, LessonExercise } from '#shared/api/lesson.schema.ts';
import { normalizeOutput } from '#shared/content/python-checks.ts';
import { RUN_TIMEOUT_MS } from './friendly-errors.ts';
import type { RunnerResult } from './run-results.ts';
import { useRuntime } from './runtime-context.tsx';
import type { OutputChunk } from './worker-protocol.ts';
import styles from './feedback.module.css';

const CHECK_NUDGE = 'Your output matches the example. Now press Check to have it checked.';

/** Where the exercise's one expected output comes from, if it has one. */
function exampleSource(check: ExerciseCheckDto): 'stdout' | 'solution' | undefined {
  if (check.also?.length || check.stdin) return undefined;
  if (check.stdout !== undefined) return check.compare ? undefined : 'stdout';
  const compare = check.compare;
  return compare?.program && !compare.inputs && !compare.generate ? 'solution' : undefined;
}

/** The output the exercise expects, once known, after the first Run that finished. */
function useExampleOutput(exercise: LessonExercise, ranOnce: boolean): string | undefined {
  const runtime = useRuntime();
  const source = exampleSource(exercise.check);
  const [printed, setPrinted] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (source !== 'solution' || !ranOnce || printed !== undefined) return;
    let live = true;
    runtime()
      .run({ code: exercise.solution, stdin: '', timeoutMs: RUN_TIMEOUT_MS })
      .then((outcome) => {
        if (live && !outcome.error && !outcome.timedOut) setPrinted(outcome.stdout);
      })
      // Without the solution's output there is no nudge, and nothing else changes.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [source, ranOnce, printed, runtime, exercise.solution]);
  return source === 'stdout' ? exercise.check.stdout : printed;
}

export function CheckNudge(props: {
  exercise: LessonExercise;
  result: RunnerResult | undefined;
  output: readonly OutputChunk[];
  solved: boolean;
}) {
  const finished = props.result?.kind === 'finished';
  const [ranOnce, setRanOnce] = useState(false);
  if (finished && !ranOnce) setRanOnce(true);
  const example = useExampleOutput(props.exercise, ranOnce);
  const printed = props.output
    .filter((chunk) => chunk.stream === 'stdout')
    .map((chunk) => chunk.text)
    .join('');
  const show =
    !props.solved &&
    finished &&
    example !== undefined &&
    normalizeOutput(printed) === normalizeOutput(example);
  // The live region stays in the page, so the sentence is read out when it appears.
  return (
    <p className={show ? styles.nudge : styles.nudgeEmpty} role="status" data-testid="check-nudge">
      {show ? CHECK_NUDGE : ''}
    </p>
  );
}
