import { readFileSync } from 'node:fs';
import { dirname, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPyodide, type PyodideAPI } from 'pyodide';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_MODULES } from '#shared/content/python-harness.ts';
import { parseTrace } from './trace.ts';
import { parseDrawing } from './turtle-drawing.ts';
import {
  HARNESS_MODULE,
  STEP_LIMIT,
  WORKER_DRAWING,
  WORKER_ENTRY,
  WORKER_MODULE,
} from './worker-python.ts';

/*
 * Step through's tracer (src/python/browser_runner.py) in real Pyodide, installed the way the
 * build's snapshot installs it (the harness as a module, then the browser's additions as another
 * that imports it), but in Node: what the panel is given when a program runs past STEP_LIMIT, and
 * when it does not.
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
let turtleDrawing: () => string | undefined;

beforeAll(async () => {
  // Pyodide's own guess of its folder (from a stack trace) fails under Vitest's module loader.
  const indexURL = dirname(fileURLToPath(import.meta.resolve('pyodide'))) + sep;
  const pyodide: PyodideAPI = await loadPyodide({ indexURL, stdout: () => {}, stderr: () => {} });
  for (const { name, file } of LIBRARY_MODULES) installModule(pyodide, name, file);
  installModule(pyodide, HARNESS_MODULE, 'harness.py');
  installModule(pyodide, WORKER_MODULE, 'browser_runner.py');
  const runner = pyodide.pyimport(WORKER_MODULE);
  runInBrowser = runner[WORKER_ENTRY] as RunInBrowser;
  turtleDrawing = runner[WORKER_DRAWING] as () => string | undefined;
  stepLimitInPython = runner.STEP_LIMIT as number;
});

let stepLimitInPython = 0;

it('counts to the same step limit in Python as the panel does', () => {
  expect(stepLimitInPython).toBe(STEP_LIMIT);
});

/** Runs `code` under the tracer, as Step through does. */
function stepThrough(code: string) {
  const json = runInBrowser(JSON.stringify({ code }), undefined, undefined, undefined, true);
  const result = JSON.parse(json) as { stdout: string; error: { type: string } | null };
  const trace = parseTrace(json);
  if (!trace) throw new Error('the traced run returned no trace');
  return { ...result, trace };
}

describe('Step through’s step limit', () => {
  it('stops a program of about 2,000 steps at exactly STEP_LIMIT and says the limit was reached', () => {
    // Lines 2 and 3 run once per round: 1 + 2 x 1,000 steps before the print.
    const { trace, error, stdout } = stepThrough(
      'total = 0\nfor i in range(1000):\n    total += i\nprint(total)',
    );
    expect(STEP_LIMIT).toBe(1_000);
    expect(trace.steps).toHaveLength(STEP_LIMIT);
    expect(trace.limitReached).toBe(true);
    // Stopping there is not the learner's error, and the program's end never came.
    expect(error).toBeNull();
    expect(stdout).toBe('');
    expect(trace.steps.some((step) => step.event === 'end')).toBe(false);
    // Step 1,000 is the loop's 500th test of line 2, with i still at the 499th round's value.
    expect(trace.steps.at(-1)?.line).toBe(2);
    expect(trace.steps.at(-1)?.frames[0]?.vars).toContainEqual(['i', { r: '498' }]);
  });

  it('cannot be caught by the program’s own "except Exception"', () => {
    const { trace, error, stdout } = stepThrough(
      'try:\n    while True:\n        pass\nexcept Exception:\n    print("caught")',
    );
    expect(trace.steps).toHaveLength(STEP_LIMIT);
    expect(trace.limitReached).toBe(true);
    expect(error).toBeNull();
    expect(stdout).toBe('');
  });

  it('records a program under the limit to its end, without the limit flag', () => {
    const { trace, stdout } = stepThrough(
      'total = 0\nfor i in range(10):\n    total += i\nprint(total)',
    );
    expect(trace.limitReached).toBe(false);
    // 1 + 2 x 10 + the loop's last test + print + the end.
    expect(trace.steps).toHaveLength(24);
    expect(trace.steps.at(-1)).toMatchObject({ event: 'end', line: 4 });
    expect(stdout).toBe('45\n');
  });

  it('runs a program in several files, its modules written first, stepping through the main one', () => {
    const { trace, stdout } = stepThrough(
      'import helper\nprint(helper.twice(4))\n# file: helper.py\ndef twice(n):\n    return n * 2\n',
    );
    expect(stdout).toBe('8\n');
    expect(trace.steps.filter((step) => step.event === 'line').map((step) => step.line)).toEqual([
      1, 2,
    ]);
  });

  it('shows a program that ends on its STEP_LIMIT-th step in STEP_LIMIT steps, its end last', () => {
    // Line 1, then 2 and 3 per round, then the last test of line 2: 2 + 2 x 499 = STEP_LIMIT.
    const { trace } = stepThrough('total = 0\nfor i in range(499):\n    total += i');
    expect(trace.limitReached).toBe(false);
    expect(trace.steps).toHaveLength(STEP_LIMIT);
    expect(trace.steps.at(-1)).toMatchObject({ event: 'end', line: 2 });
    expect(trace.steps.at(-1)?.frames[0]?.vars).toContainEqual(['total', { r: '124251' }]);
  });
});

describe('a check that compares with the solution, in the browser’s worker', () => {
  it('compares a program on every input with what the solution prints, reading no input from the page', () => {
    const request = {
      code: 'n = input()\nprint("big" if n == "10" else "small")',
      stdin: '10\n',
      reference: 'n = int(input())\nprint("big" if n >= 10 else "small")',
      compare: { program: true, inputs: ['3\n', '12\n'] },
    };
    const reply = JSON.parse(
      runInBrowser(JSON.stringify(request), undefined, undefined, undefined, false),
    ) as { failure: unknown };
    expect(reply.failure).toEqual({
      kind: 'input',
      message: "With the input '12', your program printed something other than expected.",
      expected: 'big\n',
      got: 'small\n',
      says: null,
    });
  });
});

describe('what a run drew with turtle, as the worker asks for it after each run', () => {
  const run = (code: string) =>
    runInBrowser(JSON.stringify({ code }), undefined, undefined, undefined, false);

  it('is the drawing for the page after a run that drew, and nothing after one that did not', () => {
    run('import turtle\nturtle.pencolor(1, 0.5, 0)\nturtle.circle(30, steps=5)\nturtle.dot()');
    const drawing = parseDrawing(turtleDrawing() ?? '');
    expect(drawing?.items.map((item) => item.k)).toEqual([...Array<string>(5).fill('line'), 'dot']);
    expect(drawing?.items[0]).toMatchObject({ c: '#ff8000', w: 1, s: 3 });
    run('import turtle\nprint(turtle.Vec2D(1, 2))');
    expect(turtleDrawing()).toBeUndefined();
  });
});

describe('Step through of a program that draws', () => {
  it('says at each step how much of the drawing was done by then', () => {
    const { trace } = stepThrough(
      'import turtle\nfor _ in range(2):\n    turtle.forward(10)\nturtle.dot()\nprint("done")',
    );
    // A step is recorded before its line runs: nothing is drawn until the first forward has run.
    expect(trace.steps.map((step) => step.drawn)).toEqual([
      ...[undefined, undefined, undefined],
      ...[1, 1, 2, 2, 3, 3],
    ]);
  });
});
