import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LIBRARY_MODULES } from '#shared/content/python-harness.ts';

/*
 * The project's own Python (src/python/, issue 30): real .py files, linted and unit-tested with
 * Python, read here as text to be loaded into Pyodide by the server's sandbox, the content verifier
 * and the build's snapshot of the browser's interpreter.
 */

/** The folder of the Python sources. */
export const PYTHON_DIR = fileURLToPath(new URL('../../python/', import.meta.url));

/**
 * The harness (every check run), the modules installed before it (LIBRARY_MODULES: what it judges
 * with, and turtle) and the browser's additions to it (Run, input(), Step through).
 */
export type PythonSource = LibraryFile | 'harness.py' | 'browser_runner.py';

type LibraryFile = (typeof LIBRARY_MODULES)[number]['file'];

/** LIBRARY_MODULES with their sources, in the order they are installed. */
export function librarySources(): { name: string; source: string; filename: string }[] {
  return LIBRARY_MODULES.map(({ name, file, filename }) => ({
    name,
    source: pythonSource(file),
    filename,
  }));
}

export function pythonSource(name: PythonSource): string {
  return readFileSync(`${PYTHON_DIR}${name}`, 'utf8');
}
