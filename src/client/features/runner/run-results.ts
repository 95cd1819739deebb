/*
 * What the learner is told after Run or Check: pure functions from a run's outcome (and, for Check,
 * the shared judge's verdict) to the message the output panel shows and announces.
 */
import { describeInput, type CheckRun, type RunResult } from '#shared/content/python-checks.ts';
import type { Trace } from './trace.ts';
import type { Drawing } from './turtle-drawing.ts';
import {
  describeError,
  RESTARTED_MESSAGE,
  RUN_TIMEOUT_MS,
  STOPPED_MESSAGE,
  timeoutMessage,
  type ErrorReport,
} from './friendly-errors.ts';

export interface RunOutcome extends RunResult {
  /** The learner pressed Stop. */
  readonly stopped: boolean;
  /** Stopping it took a fresh Python (the page is not cross-origin isolated): said so. */
  readonly restarted?: boolean;
  /** Step through: what the tracer recorded. */
  readonly trace?: Trace;
  /** What the program drew with turtle, if it did. */
  readonly drawing?: Drawing;
}

export type RunnerResult =
  | { kind: 'finished'; text: string }
  | { kind: 'error'; text: string; report: ErrorReport }
  | { kind: 'timeout' | 'stopped' | 'unavailable'; text: string }
  | { kind: 'pass' | 'fail'; text: string; expected?: string; actual?: string };

/** The result of a plain Run: finished, an error explained, or stopped. */
export function runResult(outcome: RunOutcome, timeoutMs: number = RUN_TIMEOUT_MS): RunnerResult {
  if (outcome.stopped) {
    const text = outcome.restarted ? `${STOPPED_MESSAGE} ${RESTARTED_MESSAGE}` : STOPPED_MESSAGE;
    return { kind: 'stopped', text };
  }
  if (outcome.timedOut) return { kind: 'timeout', text: timeoutMessage(timeoutMs) };
  if (outcome.error) {
    const report = describeError(outcome.error);
    return {
      kind: 'error',
      text: `${report.where ? `${report.where}: ` : ''}${report.summary}`,
      report,
    };
  }
  const printed = outcome.stdout.length > 0 || outcome.stderr.length > 0;
  return {
    kind: 'finished',
    text: printed ? 'Your program finished.' : 'Your program finished without printing anything.',
  };
}

/**
 * The result of one run of Check (`exerciseCheckRuns`): the shared judge's verdict, with the
 * program's own errors explained.
 */
export function checkResult(
  step: Pick<CheckRun, 'judge' | 'request'>,
  outcome: RunOutcome,
  timeoutMs: number = RUN_TIMEOUT_MS,
): RunnerResult {
  if (outcome.stopped || outcome.timedOut) return runResult(outcome, timeoutMs);
  const verdict = step.judge(outcome, { timeoutMs });
  if (verdict.passed) return { kind: 'pass', text: `Correct! ${verdict.message}` };
  if (outcome.error?.phase === 'code') {
    const result = runResult(outcome, timeoutMs);
    // The error may come from the input Check typed (int("forty")), so it says which.
    const stdin = step.request.stdin;
    const typed = stdin ? `When the input is ${describeInput(stdin)}: ` : '';
    return { ...result, text: `Not yet. ${typed}${result.text}` };
  }
  return {
    kind: 'fail',
    text: `Not yet. ${verdict.message}`,
    ...(verdict.expected !== undefined ? { expected: verdict.expected } : {}),
    ...(verdict.actual !== undefined ? { actual: verdict.actual } : {}),
  };
}
