/*
 * The started interpreter as a file (decision 0020): the build starts Pyodide once in Node, runs
 * the shared harness and the browser's additions into one module, and saves Pyodide's memory
 * snapshot. The browser's worker restores it instead of starting Python, which skips most of a
 * cold start. A snapshot only fits the exact Pyodide build that made it (Pyodide checks its build
 * id), and the build copies that same package's files beside it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadPyodide, type PyodideInterface } from 'pyodide';
import type { PyCallable, PyProxy } from 'pyodide/ffi';
import {
  HARNESS_MODULE,
  WORKER_ENTRY,
  WORKER_MODULE,
} from '../src/client/features/runner/worker-python.ts';
import { librarySources, pythonSource } from '../src/server/python/python-sources.ts';

/**
 * Where the snapshot is served, under /pyodide/<version>/. It holds our Python as well as
 * Pyodide's, and the runtime is cached as immutable, so its name changes with everything that
 * goes into it: the Pyodide version, the harness, the browser's additions and this file.
 */
export function snapshotFileName(pyodideVersion: string): string {
  const hash = createHash('sha256');
  const sources = [
    ...librarySources().map(({ source }) => source),
    pythonSource('harness.py'),
    pythonSource('browser_runner.py'),
  ];
  for (const part of [pyodideVersion, ...sources, ownSource()]) {
    hash.update(part).update('\0');
  }
  return `snapshot-${hash.digest('hex').slice(0, 16)}.bin`;
}

function ownSource(): string {
  return readFileSync(fileURLToPath(import.meta.url), 'utf8');
}

/** Runs a Python source into a new module of its own, importable by `name`. */
function installModule(pyodide: PyodideInterface, name: string, source: string, filename: string) {
  const quoted = JSON.stringify(name);
  pyodide.runPython(
    `import sys, types\nsys.modules[${quoted}] = types.ModuleType(${quoted})\ndel sys, types`,
  );
  const module: PyProxy = pyodide.pyimport(name);
  const namespace: PyProxy = module.__dict__;
  pyodide.runPython(source, { globals: namespace, filename });
  namespace.destroy();
  module.destroy();
}

/**
 * What the harness judges with and turtle, the harness, then the browser's additions, which import
 * it by HARNESS_MODULE.
 */
function installRunner(pyodide: PyodideInterface): void {
  for (const { name, source, filename } of librarySources()) {
    installModule(pyodide, name, source, filename);
  }
  installModule(pyodide, HARNESS_MODULE, pythonSource('harness.py'), '<indent-harness>');
  installModule(pyodide, WORKER_MODULE, pythonSource('browser_runner.py'), '<indent-worker>');
}

/**
 * One plain run and one traced run before the snapshot: a run's first call imports what the
 * harness needs lazily (importlib.metadata, email), and compiling those sources right after a
 * restore, before the engine has compiled Python's own compiler, costs the first Run most of a
 * second. The runs leave nothing behind but those modules; the source cache is emptied.
 */
function warmUp(pyodide: PyodideInterface): void {
  const request = JSON.stringify({ code: 'x = [1]\nprint(x)', stdin: '', setup: '', tests: '' });
  const run: PyCallable = pyodide.pyimport(WORKER_MODULE)[WORKER_ENTRY];
  // As the worker calls it: no output callback, no input(), no sleep relay; then traced.
  run(request, undefined, undefined, undefined, false);
  run(request, undefined, undefined, undefined, true);
  run.destroy();
  pyodide.runPython('import linecache\nlinecache.clearcache()\ndel linecache');
}

/** Starts Pyodide in this process, prepares it as the browser's worker needs it, and snapshots it. */
export async function makePyodideSnapshot(): Promise<Uint8Array> {
  // Time zone names are fixed when Python starts (C's tzset runs once); UTC makes them the same
  // whoever builds. Local times stay right: each is read from the browser's clock when asked.
  const zone = process.env.TZ;
  process.env.TZ = 'UTC';
  try {
    const pyodide = await loadPyodide({
      _makeSnapshot: true,
      // What a browser has; in Node it would be this build's own path (os.environ['_']).
      _sysExecutable: './this.program',
      stdout: () => {},
      stderr: () => {},
    });
    installRunner(pyodide);
    warmUp(pyodide);
    return pyodide.makeMemorySnapshot();
  } finally {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  }
}
