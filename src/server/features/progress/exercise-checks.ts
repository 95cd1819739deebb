import {
  exerciseCheckRuns,
  type CheckSpec,
  type PythonRunner,
  type Verdict,
} from '#shared/content/python-checks.ts';
import { unavailable } from '../../platform/errors.ts';
import { runOutcome, type ExerciseCheckMetrics } from './exercise-checks.metrics.ts';

/**
 * Runs an exercise's check on the server, with the same runs and the same judge as the browser's
 * Check and the content verifier (exerciseCheckRuns), stopping at the first run that fails.
 */
export interface ExerciseChecker {
  verify(exerciseId: string, code: string): Promise<Verdict>;
}

/** A pool that can say how many runs wait for an interpreter (NodePyodideRunner). */
export interface QueuedRunner extends PythonRunner {
  readonly queued: number;
}

export function createExerciseChecker(deps: {
  runner: QueuedRunner;
  /** Each exercise's check and the solution its `compare` runs beside the code, by exercise id. */
  checks: ReadonlyMap<string, { readonly check: CheckSpec; readonly solution: string }>;
  timeoutMs: number;
  /**
   * Most claims waiting for an interpreter. Past it the server answers 503 at once: a learner
   * waiting behind a long queue would see the request time out anyway.
   */
  maxQueued: number;
  metrics?: ExerciseCheckMetrics | undefined;
}): ExerciseChecker {
  return {
    async verify(exerciseId, code) {
      const exercise = deps.checks.get(exerciseId);
      if (!exercise)
        return { passed: false, message: `The exercise "${exerciseId}" has no check.` };
      if (deps.runner.queued >= deps.maxQueued) {
        deps.metrics?.refused();
        throw unavailable(
          'The server is checking many programs right now. Please press Check again in a minute.',
        );
      }
      let verdict: Verdict = { passed: false, message: 'The check ran nothing.' };
      for (const step of exerciseCheckRuns(code, exercise)) {
        const started = performance.now();
        const result = await deps.runner.run({ ...step.request, timeoutMs: deps.timeoutMs });
        deps.metrics?.ran(runOutcome(result), (performance.now() - started) / 1000);
        verdict = step.judge(result, { timeoutMs: deps.timeoutMs });
        if (!verdict.passed) return verdict;
      }
      return verdict;
    },
  };
}
