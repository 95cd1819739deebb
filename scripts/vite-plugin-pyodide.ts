/*
 * Serves the Python runtime from our own origin: the files of the installed `pyodide` package are
 * copied into the build at /pyodide/<version>/ (versioned, so the server can cache them as
 * immutable), with the build's snapshot of the started interpreter beside them (decision 0020),
 * each with gzip and brotli copies beside it for the static server's pre-compressed serving. In
 * development the same path is served straight from node_modules, and the snapshot from memory.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { makePyodideSnapshot, snapshotFileName } from './pyodide-snapshot.ts';

/** What loadPyodide() fetches for a plain interpreter (no extra packages). */
export const PYODIDE_FILES = [
  'pyodide.mjs',
  'pyodide.asm.js',
  'pyodide.asm.wasm',
  'python_stdlib.zip',
  'pyodide-lock.json',
] as const;

const CONTENT_TYPES: Record<string, string> = {
  '.mjs': 'text/javascript; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.zip': 'application/zip',
  '.json': 'application/json; charset=utf-8',
};

const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('pyodide/package.json'));
const version = (
  JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }
).version;
const snapshotFile = snapshotFileName(version);

/** Writes a file with its gzip and brotli copies. */
async function writeCompressed(path: string, data: Uint8Array): Promise<void> {
  const [gz, br] = await Promise.all([
    promisify(gzip)(data, { level: 9 }),
    promisify(brotliCompress)(data, {
      params: {
        // Quality 9 is within a few per cent of 11 at a fraction of the build time. The larger
        // window (16 MB) makes the 20 MB snapshot 3 % smaller and changes nothing else much.
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_LGWIN]: 24,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  ]);
  await writeFile(path, data);
  await writeFile(`${path}.gz`, gz);
  await writeFile(`${path}.br`, br);
}

export function pyodidePlugin(): Plugin {
  let outDir = '';
  const base = `/pyodide/${version}/`;
  let devSnapshot: Promise<Uint8Array> | undefined;
  return {
    name: 'indent-pyodide',
    config: () => ({
      define: {
        __PYODIDE_VERSION__: JSON.stringify(version),
        __PYODIDE_SNAPSHOT__: JSON.stringify(snapshotFile),
      },
      // The worker loads pyodide.mjs with import(), which needs a module worker.
      worker: { format: 'es' },
    }),
    configResolved(config) {
      // The server's drawing bundle (an SSR build) runs no Python: no runtime beside it.
      outDir = config.build.ssr ? '' : resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0] ?? '';
        const name = path.startsWith(base) ? path.slice(base.length) : '';
        if (name === snapshotFile) {
          devSnapshot ??= makePyodideSnapshot();
          devSnapshot.then(
            (bytes) => res.setHeader('Content-Type', 'application/octet-stream').end(bytes),
            (error: unknown) => {
              devSnapshot = undefined;
              next(error);
            },
          );
          return;
        }
        if (!(PYODIDE_FILES as readonly string[]).includes(name)) return next();
        const ext = name.slice(name.lastIndexOf('.'));
        res.setHeader('Content-Type', CONTENT_TYPES[ext] ?? 'application/octet-stream');
        createReadStream(join(packageDir, name)).pipe(res);
      });
    },
    async closeBundle() {
      if (!outDir) return;
      const target = join(outDir, 'pyodide', version);
      await mkdir(target, { recursive: true });
      await Promise.all([
        ...PYODIDE_FILES.map(async (name) =>
          writeCompressed(join(target, name), await readFile(join(packageDir, name))),
        ),
        makePyodideSnapshot().then((bytes) => writeCompressed(join(target, snapshotFile), bytes)),
      ]);
    },
  };
}
