/*
 * Issue 35: a program only counts once Check has passed it, so when a plain Run already prints
 * exactly the exercise's expected output, the learner is told to press Check. Only for a check
 * with one expected output to compare with (`stdout`, without `also` or a comparison with the
 * solution on other inputs): anything else cannot be judged from one Run.
 */
import type { ExerciseCheckDto } from '#shared/api/lesson.schema.ts';
import { normalizeOutput } from '#shared/content/python-checks.ts';
import type { RunnerResult } from './run-results.ts';
import type { OutputChunk } from './worker-protocol.ts';
import styles from './feedback.module.css';

export const CHECK_NUDGE = 'Your output matches the example. Now press Check to have it checked.';

/** Whether a finished Run printed exactly the output the exercise's check expects. */
export function runMatchesExample(
  check: ExerciseCheckDto,
  result: RunnerResult | undefined,
  output: readonly OutputChunk[],
): boolean {
  if (result?.kind !== 'finished' || check.stdout === undefined) return false;
  if (check.also?.length || check.compare) return false;
  const printed = output
    .filter((chunk) => chunk.stream === 'stdout')
    .map((chunk) => chunk.text)
    .join('');
  return normalizeOutput(printed) === normalizeOutput(check.stdout);
}

export function CheckNudge(props: {
  check: ExerciseCheckDto;
  result: RunnerResult | undefined;
  output: readonly OutputChunk[];
  solved: boolean;
}) {
  const show = !props.solved && runMatchesExample(props.check, props.result, props.output);
  // The live region stays in the page, so the sentence is read out when it appears.
  return (
    <p className={show ? styles.nudge : styles.nudgeEmpty} role="status" data-testid="check-nudge">
      {show ? CHECK_NUDGE : ''}
    </p>
  );
}
