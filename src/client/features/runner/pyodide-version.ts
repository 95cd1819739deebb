// Set by the build (vite-plugin-pyodide.ts) from the installed pyodide package.
declare const __PYODIDE_VERSION__: string;

/** Where the build puts the Python runtime: versioned, so it can be cached as immutable. */
export const PYODIDE_BASE_URL = `/pyodide/${__PYODIDE_VERSION__}/`;
