// For sandbox.test.ts: a stand-in for a learner's program that has reached the JavaScript realm of
// a check process by some road the Python seal missed (decision 0019), and, worse than any such
// program could, holds `process` and Node's modules. It tries every host power, first with only
// the process's flags against it, then after the lock-down, and writes what happened as one line.
import childProcess from 'node:child_process';
import fs from 'node:fs';
import inspector from 'node:inspector';
import { Worker } from 'node:worker_threads';
import { lockDownRealm } from './realm-lockdown.mjs';

const input = process.stdin;
const output = process.stdout;
const found = process;

/** @param {() => unknown} action */
function attempt(action) {
  try {
    return `done: ${String(action())}`;
  } catch (error) {
    return `refused: ${/** @type {{ code?: string }} */ (error).code ?? String(error)}`;
  }
}

/**
 * What the permission model and the process's flags refuse by themselves.
 * @param {{ secret: string, written: string, spawned: string }} paths
 */
function hostPowers(paths) {
  return {
    compileFunction: attempt(() => Function('return "compiled"')()),
    compileEval: attempt(() => eval('"compiled"')),
    env: attempt(() => JSON.stringify(found.env)),
    read: attempt(() => fs.readFileSync(paths.secret, 'utf8')),
    environ: attempt(() => fs.readFileSync('/proc/self/environ', 'utf8')),
    write: attempt(() => fs.writeFileSync(paths.written, 'x')),
    spawn: attempt(() => childProcess.execSync(`echo x > ${paths.spawned}`)),
    worker: attempt(() => new Worker('1', { eval: true })),
    inspector: attempt(() => inspector.open(0)),
    binding: attempt(() => found.binding('tcp_wrap')),
  };
}

/** What the lock-down takes away: the roads to the network and to other processes. */
function realmPowers() {
  return {
    globals: Object.getOwnPropertyNames(globalThis)
      .filter((name) => !/^[A-Z]|^(globalThis|undefined|NaN|Infinity)$/.test(name))
      .sort()
      .join(' '),
    getBuiltinModule: attempt(() => found.getBuiltinModule('net')),
    binding: attempt(() => found.binding('tcp_wrap')),
    kill: attempt(() => found.kill(found.ppid, 0)),
    debugParent: attempt(() => found._debugProcess(found.ppid)),
    handles: attempt(() => found._getActiveHandles()),
    stdout: attempt(() => found.stdout.constructor.name),
  };
}

input.setEncoding('utf8');
input.once('data', (/** @type {string} */ line) => {
  const paths = JSON.parse(line);
  const permissions = hostPowers(paths);
  lockDownRealm();
  output.write(`${JSON.stringify({ permissions, lockedDown: realmPowers() })}\n`);
});
