// Set by the build (vite-plugin-pyodide.ts) from the installed pyodide package.
declare const __PYODIDE_VERSION__: string;
declare const __PYODIDE_SNAPSHOT__: string;

/** Where the build puts the Python runtime: versioned, so it can be cached as immutable. */
export const PYODIDE_BASE_URL = `/pyodide/${__PYODIDE_VERSION__}/`;

/** The build's snapshot of the started interpreter, beside the runtime (decision 0020). */
export const PYODIDE_SNAPSHOT_FILE = __PYODIDE_SNAPSHOT__;
