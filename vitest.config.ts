import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const { version: pyodideVersion } = createRequire(import.meta.url)('pyodide/package.json') as {
  version: string;
};

export default defineConfig({
  // The build's pyodide plugin defines these for the runner; component tests import the runner
  // too (and never start Python, so the snapshot's name is a stand-in).
  define: {
    __PYODIDE_VERSION__: JSON.stringify(pyodideVersion),
    __PYODIDE_SNAPSHOT__: JSON.stringify('snapshot-test.bin'),
  },
  test: {
    // Component tests (.tsx) pick jsdom with a `// @vitest-environment jsdom` line of their own.
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    // Each test file gets its own database, so files can run in parallel safely.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
