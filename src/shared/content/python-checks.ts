/*
 * The one definition of how a piece of course Python is run for a check and how the result is
 * judged. The content verifier, the server's sandbox and the learner's browser all implement
 * `PythonRunner` by loading PYTHON_HARNESS (python-harness.ts) into Pyodide and calling its entry
 * point, so a program that passes the verifier passes in the browser and on the server.
 */

import type { CompareFailure, CompareSpec } from './compare-spec.ts';
import type { PythonBlock } from './lesson-blocks.ts';

/** Long enough for any honest course program; short enough that an endless loop is noticed. */
export const DEFAULT_TIMEOUT_MS = 10_000;

export interface RunRequest {
  readonly code: string;
  /** Text that input() reads line by line. */
  readonly stdin?: string;
  /** Run first, in its own namespace, in the same working folder; its output is not shown. */
  readonly setup?: string;
  /** Run after the code, in the code's namespace (plain asserts). */
  readonly tests?: string;
  /** The exercise's solution, run beside the code when the request has `compare`. */
  readonly reference?: string;
  /** What to compare with the solution, and the rules the code must keep (CompareSpec). */
  readonly compare?: CompareSpec;
  readonly timeoutMs?: number;
}


export type RunPhase = 'setup' | 'code' | 'tests';

export interface PythonError {
  /** The exception's class name, e.g. `NameError`. */
  readonly type: string;
  /** Class names along the MRO, most specific first, so `raises=LookupError` accepts `KeyError`. */
  readonly mro: readonly string[];
  readonly message: string;
  /** The last line of the traceback exactly as Python prints it, e.g. `NameError: name 'x' is not defined`. */
  readonly line: string;
  /** The traceback without the harness's own frames. */
  readonly traceback: string;
  readonly phase: RunPhase;
  /** The line of the learner's program (or of the tests) where it happened, if known. */
  readonly lineno?: number;
  /** A syntax error in the learner's program: where on `lineno` Python points (1-based columns). */
  readonly spot?: SyntaxSpot;
}

export interface SyntaxSpot {
  readonly offset: number;
  /** Where the span ends (exclusive); 0 or less than `offset` when Python gives no end. */
  readonly endOffset: number;
  /** The line as written, indentation included. */
  readonly text: string;
}

export interface RunResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly error: PythonError | null;
  /** The run was stopped because it exceeded its time limit. */
  readonly timedOut: boolean;
  /** With `compare`: the first difference from the solution, or null when there was none. */
  readonly failure?: CompareFailure | null;
}

export interface PythonRunner {
  run(request: RunRequest): Promise<RunResult>;
}

export interface Verdict {
  readonly passed: boolean;
  /** One or two sentences a learner (or a content writer) can act on. */
  readonly message: string;
  /** For output comparisons: the normalized texts that were compared. */
  readonly expected?: string;
  readonly actual?: string;
}

/** Parses what HARNESS_ENTRY returned into a RunResult. */
export function parseHarnessResult(json: string, timedOut: boolean): RunResult {
  const raw = JSON.parse(json) as {
    stdout: string;
    stderr: string;
    error:
      | (Omit<PythonError, 'lineno' | 'spot'> & {
          lineno: number | null;
          spot?: { offset: number | null; end_offset: number | null; text: string | null } | null;
        })
      | null;
    failure?: {
      kind: CompareFailure['kind'];
      message: string;
      expected?: string;
      got?: string;
      says?: string | null;
    } | null;
  };
  const error: PythonError | null = raw.error
    ? {
        type: raw.error.type,
        mro: raw.error.mro,
        message: raw.error.message,
        line: raw.error.line,
        traceback: raw.error.traceback,
        phase: raw.error.phase,
        ...(raw.error.lineno !== null ? { lineno: raw.error.lineno } : {}),
        ...(raw.error.spot?.offset != null && raw.error.spot.text != null
          ? {
              spot: {
                offset: raw.error.spot.offset,
                endOffset: raw.error.spot.end_offset ?? 0,
                text: raw.error.spot.text.replace(/\r?\n$/, ''),
              },
            }
          : {}),
      }
    : null;
  const failure: CompareFailure | null = raw.failure
    ? {
        kind: raw.failure.kind,
        message: raw.failure.message,
        ...(raw.failure.expected !== undefined ? { expected: raw.failure.expected } : {}),
        ...(raw.failure.got !== undefined ? { got: raw.failure.got } : {}),
        ...(typeof raw.failure.says === 'string' ? { says: raw.failure.says } : {}),
      }
    : null;
  return { stdout: raw.stdout, stderr: raw.stderr, error, timedOut, ...(failure ? { failure } : {}) };
}

/** The verdict on a difference `compare` found: what differs, and a cause only where a case showed it. */
function compareVerdict(failure: CompareFailure): Verdict {
  if (failure.kind === 'solution') {
    return {
      passed: false,
      message: `The exercise's own solution failed with ${failure.message}. This is a fault in the exercise, not in your code.`,
    };
  }
  const message = failure.says ? `${failure.message} ${capitalize(failure.says)}.` : failure.message;
  return {
    passed: false,
    message: message.replace(/\.\.$/, '.'),
    ...(failure.expected !== undefined ? { expected: normalizeOutput(failure.expected) } : {}),
    ...(failure.got !== undefined ? { actual: normalizeOutput(failure.got) } : {}),
  };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Output as it is compared: line endings unified, trailing white space dropped from every line,
 * blank lines at the end dropped. Leading white space stays: it is often the point (alignment).
 */
export function normalizeOutput(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .join('\n')
    .replace(/\n+$/, '');
}

/** A quiz answer compared with printed output: also ignores white space at both ends. */
export function normalizeAnswer(text: string): string {
  return normalizeOutput(text).trim();
}

export function raisesMatches(error: PythonError, expectedType: string): boolean {
  return error.mro.includes(expectedType);
}

function timeoutVerdict(timeoutMs: number | undefined): Verdict {
  const seconds = Math.round((timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000);
  return {
    passed: false,
    message: `The program did not finish within ${seconds} seconds. Look for a loop that never ends.`,
  };
}

function where(error: PythonError): string {
  return error.lineno !== undefined ? ` (line ${error.lineno})` : '';
}

/** Judges a learner's program (or a solution/starter/wrong entry) against an exercise check. */
export function judgeExercise(
  check: Pick<CheckSpec, 'stdout' | 'tests'>,
  result: RunResult,
  options: { timeoutMs?: number } = {},
): Verdict {
  if (result.timedOut) return timeoutVerdict(options.timeoutMs);
  const error = result.error;
  if (error?.phase === 'setup') {
    return {
      passed: false,
      message: `The exercise's setup failed with ${error.line}. This is a fault in the exercise, not in your code.`,
    };
  }
  if (error?.phase === 'code') {
    return { passed: false, message: `Your program stopped with an error${where(error)}: ${error.line}` };
  }
  if (error?.phase === 'tests') {
    if (error.type === 'AssertionError') {
      return {
        passed: false,
        message: error.message.trim() || 'A check did not pass, but it gave no reason.',
      };
    }
    return {
      passed: false,
      message: `Checking your code failed with ${error.line}`,
    };
  }
  if (result.failure) return compareVerdict(result.failure);
  if (check.stdout !== undefined) {
    const expected = normalizeOutput(check.stdout);
    const actual = normalizeOutput(result.stdout);
    if (expected !== actual) {
      return {
        passed: false,
        message: actual === '' ? 'Your program printed nothing.' : 'Your output is not what was expected.',
        expected,
        actual,
      };
    }
    return { passed: true, message: 'Your output is exactly right.' };
  }
  return { passed: true, message: 'All checks passed.' };
}

/** A check as the content file and the lesson API both carry it. */
export interface CheckSpec {
  readonly stdin?: string | undefined;
  readonly setup?: string | undefined;
  readonly stdout?: string | undefined;
  readonly tests?: string | undefined;
  readonly also?: readonly { readonly stdin: string; readonly stdout: string }[] | undefined;
  readonly compare?: CompareSpec | undefined;
}

/** One run of an exercise's check, and how its result is judged. */
export interface CheckRun {
  readonly request: RunRequest;
  judge(result: RunResult, options?: { timeoutMs?: number }): Verdict;
}

/** How a learner reads an input in a message: its lines, quoted. */
export function describeInput(stdin: string): string {
  const lines = stdin.replace(/\n$/, '').split('\n');
  return lines.map((line) => `"${line}"`).join(', then ');
}

/**
 * Every run a check asks for, in order: the check's own input and expected output (and its
 * comparison with the solution), then each of its `also` cases. The code passes when every run
 * passes; the verifier and the browser both stop at the first run that fails, and show it.
 */
export function exerciseCheckRuns(
  code: string,
  exercise: { readonly check: CheckSpec; readonly solution: string },
): CheckRun[] {
  const check = exercise.check;
  const base: RunRequest = {
    code,
    ...(check.setup !== undefined ? { setup: check.setup } : {}),
    ...(check.tests !== undefined ? { tests: check.tests } : {}),
  };
  const compare: Partial<RunRequest> = check.compare
    ? { compare: check.compare, reference: exercise.solution }
    : {};
  const first: CheckRun = {
    request: { ...base, ...compare, ...(check.stdin !== undefined ? { stdin: check.stdin } : {}) },
    judge: (result, options) => {
      const verdict = judgeExercise(check, result, options);
      // Check types its own input, not what the learner typed in Run, so it says which (issue 35);
      // a comparison with the solution names its input itself.
      if (verdict.passed || !check.stdin || result.failure) return verdict;
      return { ...verdict, message: `When the input is ${describeInput(check.stdin)}: ${verdict.message}` };
    },
  };
  const more = (check.also ?? []).map(
    (extra): CheckRun => ({
      request: { ...base, stdin: extra.stdin },
      judge: (result, options) => {
        const verdict = judgeExercise({ stdout: extra.stdout }, result, options);
        if (verdict.passed) return verdict;
        return { ...verdict, message: `When the input is ${describeInput(extra.stdin)}: ${verdict.message}` };
      },
    }),
  );
  return [first, ...more];
}

/** Judges one python block of a lesson against its fence options and output block. */
export function judgeBlock(
  block: Pick<PythonBlock, 'kind' | 'raises' | 'output'>,
  result: RunResult,
  options: { timeoutMs?: number } = {},
): Verdict {
  if (block.kind === 'norun') return { passed: true, message: 'not run (norun)' };
  if (result.timedOut) return timeoutVerdict(options.timeoutMs);
  const error = result.error;
  const printed = normalizeOutput(result.stdout);
  if (block.kind === 'run') {
    if (error) {
      return {
        passed: false,
        message: `raised ${error.line}${where(error)} (mark the fence raises=${error.type} if that is intended)`,
      };
    }
    const expected = normalizeOutput(block.output?.text ?? '');
    if (printed !== expected) {
      return {
        passed: false,
        message: block.output
          ? 'output differs from the output block'
          : 'prints something but has no output block after it',
        expected,
        actual: printed,
      };
    }
    return { passed: true, message: 'output matches' };
  }
  const expectedType = block.raises ?? '';
  if (!error) {
    return {
      passed: false,
      message: `ran without error, but the fence says raises=${expectedType}`,
      expected: `${expectedType}: ...`,
      actual: printed,
    };
  }
  if (!raisesMatches(error, expectedType)) {
    return {
      passed: false,
      message: `raised ${error.line}${where(error)}, which is not a ${expectedType}`,
    };
  }
  if (block.output) {
    const expected = normalizeOutput(block.output.text);
    const actual = printed === '' ? error.line : `${printed}\n${error.line}`;
    if (expected !== actual) {
      return {
        passed: false,
        message:
          'output block differs (its last line must be the error line, the lines before it what was printed)',
        expected,
        actual,
      };
    }
  }
  return { passed: true, message: `raised ${error.type} as expected` };
}

/**
 * What a lesson block really printed, as its output block must show it: the printed text, and for a
 * raises= block that raised, the error line after it. Undefined when the run did not end the way
 * the fence says (the block's own verdict reports that).
 */
export function realBlockOutput(
  block: Pick<PythonBlock, 'kind'>,
  result: RunResult,
): string | undefined {
  if (block.kind === 'norun' || result.timedOut) return undefined;
  const printed = normalizeOutput(result.stdout);
  if (block.kind === 'run') return result.error ? undefined : printed;
  if (!result.error) return undefined;
  return printed === '' ? result.error.line : `${printed}\n${result.error.line}`;
}

/** Judges a `verify: output` question: the code's printed output must be the correct answer. */
export function judgeOutputQuestion(
  correctAnswer: string,
  result: RunResult,
  options: { timeoutMs?: number } = {},
): Verdict {
  if (result.timedOut) return timeoutVerdict(options.timeoutMs);
  if (result.error) {
    return { passed: false, message: `the code raised ${result.error.line}${where(result.error)}` };
  }
  const expected = normalizeAnswer(correctAnswer);
  const actual = normalizeAnswer(result.stdout);
  if (expected !== actual) {
    return { passed: false, message: 'the code prints something other than the correct answer', expected, actual };
  }
  return { passed: true, message: 'the correct answer is what the code prints' };
}
