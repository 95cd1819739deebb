import { readFileSync } from 'node:fs';
import { dirname, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPyodide, type PyodideAPI } from 'pyodide';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_MODULES } from '#shared/content/python-harness.ts';
import { parseHarnessResult } from '#shared/content/python-checks.ts';
import { findApostrophe, straightenQuotes } from './error-pointer.ts';
import { describeError, type ErrorReport } from './friendly-errors.ts';
import { HARNESS_MODULE, WORKER_ENTRY, WORKER_MODULE } from './worker-python.ts';

/*
 * Issue 35's errors that point, on the errors real Pyodide (Python 3.13) reports through the
 * browser's own runner: what the learner is told, and the place the editor marks.
 */

const source = (name: string) =>
  readFileSync(new URL(`../../../python/${name}`, import.meta.url), 'utf8');

function installModule(pyodide: PyodideAPI, name: string, file: string): void {
  const modules = pyodide.pyimport('sys').modules;
  modules.set(name, pyodide.pyimport('types').ModuleType(name));
  pyodide.runPython(source(file), { globals: modules.get(name).__dict__, filename: file });
}

type RunInBrowser = (
  request: string,
  onOutput: undefined,
  ask: undefined,
  pause: undefined,
  trace: boolean,
) => string;
let runInBrowser: RunInBrowser;
/** Runs `code` as Run does (not traced). */
const run = (code: string) =>
  parseHarnessResult(
    runInBrowser(JSON.stringify({ code }), undefined, undefined, undefined, false),
    false,
  );

beforeAll(async () => {
  const indexURL = dirname(fileURLToPath(import.meta.resolve('pyodide'))) + sep;
  const pyodide = await loadPyodide({ indexURL, stdout: () => {}, stderr: () => {} });
  for (const { name, file } of LIBRARY_MODULES) installModule(pyodide, name, file);
  installModule(pyodide, HARNESS_MODULE, 'harness.py');
  installModule(pyodide, WORKER_MODULE, 'browser_runner.py');
  runInBrowser = pyodide.pyimport(WORKER_MODULE)[WORKER_ENTRY] as RunInBrowser;
});

/** What the output panel is given when `code` is run. */
function reportOf(code: string): ErrorReport {
  const result = run(code);
  if (!result.error) throw new Error('the program ran without an error');
  return describeError(result.error);
}

/** The marked characters of the program's line. */
function marked(code: string, report: ErrorReport): string {
  const spot = report.spot;
  if (!spot) throw new Error('nothing marked');
  return (code.split('\n')[spot.line - 1] ?? '').slice(spot.from, spot.to);
}

describe('an apostrophe inside single quotes', () => {
  it('points at the apostrophe, not the end of the line, and suggests double quotes', () => {
    const code = "print('Hello, I'm learning Python!')";
    const report = reportOf(code);
    expect(report.spot).toEqual({ line: 1, from: 15, to: 16 });
    expect(marked(code, report)).toBe("'");
    expect(report.hint).toBe(
      "The apostrophe in `I'm` ends the text early, because the text began with the same mark (`'`): put double quotes around text that contains an apostrophe, as in `print(\"Hello, I'm learning Python!\")`.",
    );
    expect(report.hint).not.toContain('end of the line');
  });

  it('finds it on an indented line further down', () => {
    const code = "name = 'Ada'\nif name:\n    print('It's ' + name)";
    const report = reportOf(code);
    expect(report.where).toBe('Line 3');
    expect(report.spot).toEqual({ line: 3, from: 13, to: 14 });
    expect(report.hint).toContain('`print("It\'s " + name)`');
  });

  it('is not found in double quotes, escaped, or between two separate texts', () => {
    expect(findApostrophe(`print("I'm")`)).toBeUndefined();
    expect(findApostrophe(`print('I\\'m')`)).toBeUndefined();
    expect(findApostrophe(`print('a', 'b')`)).toBeUndefined();
    expect(findApostrophe(`print('don't')`)).toEqual({ open: 6, at: 10 });
  });
});

describe('curly quotes', () => {
  it('names the quote, marks it and offers a fix that makes the program run', () => {
    const code = 'print(“Hello”)';
    const report = reportOf(code);
    expect(report.fix).toBe('curly-quotes');
    expect(marked(code, report)).toBe('“');
    expect(report.hint).toContain('an opening curly double quote `“`');
    const fixed = straightenQuotes(code);
    expect(fixed).toBe('print("Hello")');
    expect(run(fixed).stdout).toBe('Hello\n');
  });

  it('names single curly quotes, and keeps those inside straight quotes and comments', () => {
    expect(reportOf('print(‘Hi’)').hint).toContain('an opening curly single quote `‘`');
    expect(straightenQuotes('print(“It’s”)  # “quoted”\nprint("It’s")')).toBe(
      'print("It\'s")  # “quoted”\nprint("It’s")',
    );
  });
});

describe('brackets', () => {
  it('says which bracket was never closed, and where it opened', () => {
    const code = 'name = input("Name? ")\nprint("Hi " + name\nprint("Bye")';
    const report = reportOf(code);
    expect(report.spot).toEqual({ line: 2, from: 5, to: 6 });
    expect(marked(code, report)).toBe('(');
    expect(report.hint).toBe(
      'The `(` opened on line 2, character 6, is never closed: add its `)` where what it holds ends, often at the end of that line.',
    );
  });

  it('marks an extra closing bracket', () => {
    const code = 'print("hi"))';
    const report = reportOf(code);
    expect(marked(code, report)).toBe(')');
    expect(report.spot?.from).toBe(11);
    expect(report.hint).toContain('This `)` closes a bracket that was never opened');
  });

  it('names the bracket a wrong closing bracket was taken to close', () => {
    expect(reportOf('x = [1, 2)').hint).toBe(
      'This `)` closes the `[` opened at character 5 of this line: a `[` must be closed with `]`.',
    );
    expect(reportOf('x = [1,\n 2)').hint).toContain('the `[` opened on line 1');
  });
});

describe('a text without its closing quote', () => {
  it('marks where the text starts and says which quote closes it', () => {
    const code = 'print("Hello)';
    const report = reportOf(code);
    expect(marked(code, report)).toBe('"');
    expect(report.hint).toBe(
      'The text that starts here with `"` is never closed: add another `"` where the text ends.',
    );
  });
});

describe('mixed indentation', () => {
  it('says a tab follows spaces, and marks the indentation', () => {
    const code = 'if True:\n    print(1)\n\tprint(2)';
    const report = reportOf(code);
    expect(report.spot).toEqual({ line: 3, from: 0, to: 1 });
    expect(report.hint).toBe(
      'Line 3 is indented with a tab, and a line above it with spaces: delete the indentation and type it again with spaces only.',
    );
  });

  it('says spaces follow a tab', () => {
    const report = reportOf('if True:\n\tprint(1)\n        print(2)');
    expect(report.spot).toEqual({ line: 3, from: 0, to: 8 });
    expect(report.hint).toContain('indented with spaces, and a line above it with a tab');
  });
});

describe('other errors', () => {
  it("marks Python's own span for any other syntax error, with the general hint", () => {
    const code = 'if True\n    print(1)';
    const report = reportOf(code);
    expect(report.spot?.line).toBe(1);
    expect(report.hint).toContain('missing colon');
  });

  it('explains a ValueError plainly', () => {
    const report = reportOf('age = int("thirty-four")');
    expect(report.spot).toBeUndefined();
    expect(report.hint).toBe(
      'Python cannot use this value here, such as int("thirty-four"), since int() only turns digits into a number: check what the text holds before converting it.',
    );
  });

  it('never names the runner or its modules', () => {
    const report = reportOf('while True:\n    print("x" * 1000)');
    const shown = [report.summary, report.hint ?? '', report.traceback].join('\n');
    expect(shown).not.toMatch(/_indent_|harness|browser_runner/);
    expect(report.summary).toMatch(/^OutputLimitExceeded: the program printed more than/);
    expect(report.hint).toContain('a loop that never ends');
  });
});
