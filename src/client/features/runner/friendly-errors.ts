import type { PythonError } from '#shared/content/python-checks.ts';
import { pointAtError, type ErrorSpot } from './error-pointer.ts';

/** The time limit of a run in the browser, shown to the learner when it is reached. */
export const RUN_TIMEOUT_MS = 5_000;

export function timeoutMessage(timeoutMs: number = RUN_TIMEOUT_MS): string {
  const seconds = Math.round(timeoutMs / 1000);
  return `Your program ran for more than ${seconds} seconds and was stopped. Is there a loop that never ends?`;
}

export const STOPPED_MESSAGE = 'You stopped the program.';

/** Said when Stop (or the time limit) could only end the program by starting Python again. */
export const RESTARTED_MESSAGE =
  'Python was restarted to stop it, so the next run takes a moment longer.';

/** One plain sentence on what usually causes each error a beginner meets most. */
const HINTS: Record<string, string> = {
  SyntaxError:
    'Python could not read this line: look for a missing colon, bracket or quote mark, often at the end of the line or the one before it.',
  IndentationError:
    'The spaces at the start of a line are off: lines in the same block must start at the same place, and a line ending in a colon needs an indented line after it.',
  TabError: 'This code mixes tabs and spaces for indenting: use spaces only.',
  NameError:
    'Python does not know this name yet: check the spelling (capitals count), and that the variable is created before the line that uses it.',
  TypeError:
    'A value of the wrong kind was used, such as adding a number to text: convert it first, for example with int() or str().',
  ValueError:
    'Python cannot use this value here, such as int("thirty-four"), since int() only turns digits into a number: check what the text holds before converting it.',
  IndexError:
    'The position is past the end of the list or text: positions start at 0, so the last one is len(...) - 1.',
  KeyError:
    'The dictionary has no such key: check the spelling, or use .get() when the key may be missing.',
  ZeroDivisionError:
    'The program divided by zero: check the value of the number you divide by before dividing.',
  AttributeError:
    'This kind of value has no such method or attribute: check the spelling, and what type the value really is.',
  EOFError:
    'The program asked for more input than it was given: each input() call reads one line, so give one line for each.',
  ModuleNotFoundError:
    'There is no module with that name here: check the spelling. Only the standard library is available.',
  OutputLimitExceeded:
    'The program printed so much that it was stopped: look for a loop that never ends, or a print() inside a loop that should come after it.',
  RecursionError:
    'A function kept calling itself without stopping: check that it has a case that returns without calling itself again.',
};

/** What usually causes this error, in one sentence; undefined for errors without a hint. */
export function errorHint(error: Pick<PythonError, 'type' | 'mro'>): string | undefined {
  const direct = HINTS[error.type];
  if (direct) return direct;
  // A subclass (e.g. UnicodeDecodeError is a ValueError) gets its parent's hint.
  for (const name of error.mro) {
    const hint = HINTS[name];
    if (hint) return hint;
  }
  return undefined;
}

const FRAME = /^ {2}File "([^"]*)", line \d+/;
/** Files the learner wrote: the program, and any module it wrote into its working folder. */
function isLearnerFile(file: string): boolean {
  return file === 'main.py' || file === '<tests>' || file.startsWith('/home/learner/');
}

/**
 * The traceback cut to the learner's own lines: frames inside Python's library, Pyodide or the
 * runner are left out (with their source lines and markers); the header and the error line stay.
 */
export function trimTraceback(traceback: string): string {
  const lines = traceback.replace(/\n+$/, '').split('\n');
  const out: string[] = [];
  let skipping = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const frame = FRAME.exec(line);
    if (frame) {
      skipping = !isLearnerFile(frame[1] ?? '');
      if (skipping) continue;
      out.push(line);
      continue;
    }
    // Lines indented under a frame (its source line and ^^^ markers) belong to that frame.
    if (skipping && line.startsWith('    ')) continue;
    skipping = false;
    out.push(line);
  }
  return out.join('\n');
}

export interface ErrorReport {
  /** The error line as Python prints it, e.g. `NameError: name 'x' is not defined`. */
  readonly summary: string;
  /** "Line 3" or undefined. */
  readonly where?: string;
  /** The line of the learner's program to highlight in the editor. */
  readonly lineno?: number;
  /** Python's own suggestion (3.10+ "Did you mean: 'x'?", 3.12+ "Did you forget to import 'x'?"). */
  readonly suggestion?: string;
  readonly hint?: string;
  /** The exact place of a syntax error, to mark in the editor. */
  readonly spot?: ErrorSpot;
  /** A fix the output panel offers as a button. */
  readonly fix?: 'curly-quotes';
  readonly traceback: string;
}

/** Names of the runner's own modules (e.g. `_indent_runner.`), which a learner should never read. */
const INTERNAL = /\b_indent_\w+\./g;

/** The sentence Python appends to NameError, AttributeError and ImportError when it has a guess. */
const SUGGESTION = /\. (Did you (?:mean|forget to import)[^?]*\?)$/;

/** Everything the output panel shows about an error the program raised. */
export function describeError(error: PythonError): ErrorReport {
  const pointed = pointAtError(error);
  const hint = pointed?.explanation ?? errorHint(error);
  const suggestion = SUGGESTION.exec(error.line)?.[1];
  return {
    summary: error.line.replace(INTERNAL, ''),
    ...(error.lineno !== undefined && error.phase === 'code'
      ? { where: `Line ${error.lineno}`, lineno: error.lineno }
      : {}),
    ...(hint ? { hint } : {}),
    ...(suggestion ? { suggestion } : {}),
    ...(pointed ? { spot: pointed.spot } : {}),
    ...(pointed?.fix ? { fix: pointed.fix } : {}),
    traceback: trimTraceback(error.traceback).replace(INTERNAL, ''),
  };
}
