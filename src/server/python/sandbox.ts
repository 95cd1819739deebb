/*
 * How a process that runs learners' code is started (decision 0019): by Node's permission model it
 * may read the files it is given and nothing else, so it cannot write anything, start processes or
 * workers, load native addons or WASI, or open the inspector; it compiles no JavaScript from
 * strings, so Function and eval (which every JsProxy leads to) compile nothing; it has no
 * environment, so no secrets; and two pipes are its only channel. What Node 20's permission model
 * does not cover (the network, signals to other processes) the process closes in itself before it
 * runs anything untrusted (realm-lockdown.mjs).
 */

import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Pyodide's folder (its real path, which is what the permission model compares). */
export const PYODIDE_DIR =
  path.dirname(createRequire(import.meta.url).resolve('pyodide')) + path.sep;

/** Node's flags for a sandboxed process. Node 20 calls the permission flag --experimental-permission. */
function sandboxFlags(readable: readonly string[], jsHeapMb?: number): string[] {
  const permission = process.allowedNodeEnvironmentFlags.has('--permission')
    ? '--permission'
    : '--experimental-permission';
  return [
    permission,
    ...readable.map((file) => `--allow-fs-read=${file}`),
    '--disallow-code-generation-from-strings',
    '--no-warnings',
    ...(jsHeapMb ? [`--max-old-space-size=${jsHeapMb}`] : []),
  ];
}

/**
 * Starts `script` sandboxed, with `readable` (files, or folders ending in a separator) as all it may
 * read besides itself. Its standard input and output are the channel; its errors go nowhere.
 */
export function spawnSandboxed(
  script: string,
  readable: readonly string[],
  jsHeapMb?: number,
): ChildProcess {
  return spawn(process.execPath, [...sandboxFlags([script, ...readable], jsHeapMb), script], {
    env: {},
    stdio: ['pipe', 'pipe', 'ignore'],
  });
}
