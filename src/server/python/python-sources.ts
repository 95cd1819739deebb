import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/*
 * The project's own Python (src/python/, issue 30): real .py files, linted and unit-tested with
 * Python, read here as text to be loaded into Pyodide by the server's sandbox, the content verifier
 * and the build's snapshot of the browser's interpreter.
 */

/** The folder of the Python sources. */
export const PYTHON_DIR = fileURLToPath(new URL('../../python/', import.meta.url));

/**
 * The harness (every check run), what it judges with (installed first, as JUDGING_MODULE) and the
 * browser's additions to it (Run, input(), Step through).
 */
export type PythonSource = 'judging.py' | 'harness.py' | 'browser_runner.py';

export function pythonSource(name: PythonSource): string {
  return readFileSync(`${PYTHON_DIR}${name}`, 'utf8');
}
