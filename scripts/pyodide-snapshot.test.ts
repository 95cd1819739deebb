import { loadPyodide, type PyodideInterface } from 'pyodide';
import type { PyCallable } from 'pyodide/ffi';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AFTER_RESTORE_PYTHON,
  WORKER_ENTRY,
  WORKER_MODULE,
} from '../src/client/features/runner/worker-python.ts';
import { makePyodideSnapshot, snapshotFileName } from './pyodide-snapshot.ts';

/*
 * The build's snapshot of the started interpreter (decision 0020), restored as the browser's worker
 * restores it, here in Node; e2e/runner.spec.ts walks every exercise through it in Chromium.
 */

let snapshot: Uint8Array;

async function restore(): Promise<PyodideInterface> {
  const pyodide = await loadPyodide({
    _loadSnapshot: snapshot.slice(),
    stdout: () => {},
    stderr: () => {},
  });
  pyodide.runPython(AFTER_RESTORE_PYTHON);
  return pyodide;
}

function runner(pyodide: PyodideInterface): (code: string) => string {
  const run: PyCallable = pyodide.pyimport(WORKER_MODULE)[WORKER_ENTRY];
  return (code) =>
    run(
      JSON.stringify({ code, stdin: '', setup: '', tests: '' }),
      undefined,
      undefined,
      undefined,
      false,
    );
}

describe('the Python snapshot', () => {
  beforeAll(async () => {
    snapshot = await makePyodideSnapshot();
  });

  it('holds the harness: a restored interpreter runs programs at once', async () => {
    const run = runner(await restore());
    expect(JSON.parse(run('print("hi")'))).toEqual({
      failure: null,
      stdout: 'hi\n',
      stderr: '',
      error: null,
    });
    const failed = JSON.parse(run('x = 1\n1 / 0')) as { error: { type: string; lineno: number } };
    expect(failed.error).toMatchObject({ type: 'ZeroDivisionError', lineno: 2 });
  });

  it('imports nothing on the first run: what a run needs was imported before the snapshot', async () => {
    const pyodide = await restore();
    const modules = () => pyodide.runPython('import sys\nsorted(sys.modules)').toJs() as string[];
    const before = modules();
    runner(pyodide)('print(sorted({3, 1, 2}))');
    expect(modules()).toEqual(before);
  });

  it('draws new random numbers on every start, as a fresh interpreter would', async () => {
    const draw = 'import random\nrandom.random()';
    const first = (await restore()).runPython(draw) as number;
    const second = (await restore()).runPython(draw) as number;
    expect(first).not.toBe(second);
  });

  it('looks like an interpreter started in a browser, not in the build', async () => {
    const pyodide = await restore();
    const seen = pyodide.runPython(
      'import os, sys\nrepr((dict(os.environ), sys.executable))',
    ) as string;
    expect(seen).toContain("'_': './this.program'");
    expect(seen).toContain("'/home/pyodide/this.program'");
    expect(seen).not.toContain(process.cwd());
  });

  it('is named after what goes into it', () => {
    expect(snapshotFileName('0.29.5')).toMatch(/^snapshot-[0-9a-f]{16}\.bin$/);
    expect(snapshotFileName('0.29.5')).not.toBe(snapshotFileName('0.29.6'));
  });
});
