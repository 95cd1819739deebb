// Runs Pyodide in a child process of its own for src/server/python/pyodide-runner.ts (the server's
// exercise checks and `npm run verify:content`), one program at a time. Plain JavaScript on
// purpose: the process starts without a loader (no tsx) and may read only Pyodide's files and its
// own three. The runner starts it under Node's permission model, without string compilation, with
// an empty environment and with two pipes (standard input and output) as its only channel; here,
// before the first program, the interpreter is sealed (python-seal.py) and the realm locked down
// (realm-lockdown.mjs). Decision 0019 explains the layers.
import { constants as fsConstants, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { lockDownRealm } from './realm-lockdown.mjs';

// Taken before the lock-down, which removes `process` from the realm and its streams from
// `process`: the pipes to the runner are the one way in and out, one JSON message a line.
const input = process.stdin;
const output = process.stdout;
const send = (/** @type {object} */ message) => output.write(`${JSON.stringify(message)}\n`);
const now = performance.now.bind(performance);

const WASM_PAGE = 65_536;
const SIGINT = 2;
/** A reply the harness cannot honestly exceed (its output limit, JSON-escaped); more is refused. */
const MAX_REPLY_CHARS = 16_000_000;

/**
 * Python's heap is WebAssembly memory, which the process's JS heap limit does not cover, and
 * Pyodide asks for a 4 GB maximum. Capping the maximum of the one memory Pyodide creates makes an
 * endless allocation end in Python's own MemoryError instead of growing the process.
 */
async function withCappedWasmMemory(megabytes, load) {
  if (!megabytes) return load();
  const Native = WebAssembly.Memory;
  const maxPages = Math.floor((megabytes * 1024 * 1024) / WASM_PAGE);
  /** @param {WebAssembly.MemoryDescriptor} descriptor */
  function CappedMemory(descriptor) {
    const maximum = Math.min(descriptor.maximum ?? maxPages, maxPages);
    return new Native({ ...descriptor, initial: Math.min(descriptor.initial, maximum), maximum });
  }
  CappedMemory.prototype = Native.prototype;
  WebAssembly.Memory = /** @type {typeof WebAssembly.Memory} */ (
    /** @type {unknown} */ (CappedMemory)
  );
  try {
    return await load();
  } finally {
    WebAssembly.Memory = Native;
  }
}

/**
 * The time limit, kept in this process: Pyodide's interrupt check reads `buffer[0]` between
 * Python instructions, and this getter answers SIGINT once the run's deadline has passed (once,
 * as a cleared SharedArrayBuffer would; a separate process cannot share one with the runner).
 * The runner still terminates the process if the program swallows the KeyboardInterrupt.
 */
function deadlineInterrupt() {
  let deadline = Infinity;
  let fired = false;
  return {
    buffer: {
      get 0() {
        if (now() < deadline) return 0;
        deadline = Infinity;
        fired = true;
        return SIGINT;
      },
      set 0(_cleared) {},
    },
    /** @param {number} ms */
    arm(ms) {
      deadline = now() + ms;
      fired = false;
    },
    /** Disarms the deadline; says whether it interrupted the run. */
    disarm() {
      deadline = Infinity;
      return fired;
    },
  };
}

/**
 * @param {{ indexURL: string, wasmMemoryMb?: number }} options
 */
async function loadSealedPyodide({ indexURL, wasmMemoryMb }) {
  // By its real path: resolving the name `pyodide` would read folders this process may not.
  /** @type {typeof import('pyodide')} */
  const { loadPyodide } = await import(pathToFileURL(`${indexURL}pyodide.mjs`).href);
  // NODEFS (never mounted here) reads the fs flags through process.binding as Pyodide starts, and
  // the permission model refuses process.binding; the lock-down removes both afterwards.
  const binding = process.binding;
  process.binding = (/** @type {string} */ name) =>
    name === 'constants' ? { fs: fsConstants } : binding(name);
  const pyodide = await withCappedWasmMemory(wasmMemoryMb, () =>
    loadPyodide({
      indexURL,
      // Everything a program prints is captured by the harness; this is Pyodide's own noise.
      stdout: () => {},
      stderr: () => {},
      // A program reading fd 0 directly gets end of file (input() is the harness's).
      stdin: () => null,
      // `import js` would be the realm's globals.
      jsglobals: Object.create(null),
    }),
  );
  pyodide.unregisterJsModule('js');
  pyodide.unregisterJsModule('pyodide_js');
  return pyodide;
}

/**
 * @param {{ library: { name: string, source: string, filename: string }[], harness: string, entry: string, indexURL: string, wasmMemoryMb?: number }} init
 * @returns {Promise<(message: { id: number, request: string, timeoutMs: number }) => object>}
 */
async function start(init) {
  const pyodide = await loadSealedPyodide(init);
  // The harness imports these by name (the judging module, turtle), so they are installed first.
  for (const { name, source, filename } of init.library) {
    const quoted = JSON.stringify(name);
    pyodide.runPython(`import sys, types\nsys.modules[${quoted}] = types.ModuleType(${quoted})`);
    const module = pyodide.pyimport(name);
    pyodide.runPython(source, { globals: module.__dict__, filename });
    module.destroy();
  }
  const namespace = pyodide.globals.get('dict')();
  pyodide.runPython(init.harness, { globals: namespace, filename: '<indent-harness>' });
  const runRequest = namespace.get(init.entry);
  const sealing = pyodide.globals.get('dict')();
  pyodide.runPython(readFileSync(new URL('./python-seal.py', import.meta.url), 'utf8'), {
    globals: sealing,
    filename: '<indent-seal>',
  });
  sealing.get('seal')();
  sealing.destroy();
  const interrupt = deadlineInterrupt();
  pyodide.setInterruptBuffer(interrupt.buffer);
  lockDownRealm();
  return ({ id, request, timeoutMs }) => {
    interrupt.arm(timeoutMs);
    try {
      const json = runRequest(request);
      const interrupted = interrupt.disarm();
      if (typeof json !== 'string' || json.length > MAX_REPLY_CHARS) {
        return { type: 'crash', id, message: 'the harness gave no usable reply' };
      }
      return { type: 'result', id, json, interrupted };
    } catch (error) {
      interrupt.disarm();
      const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
      return { type: 'crash', id, message: text.slice(0, 10_000) };
    }
  };
}

/** @type {((message: { id: number, request: string, timeoutMs: number }) => object) | undefined} */
let run;
let starting = false;

/** @param {{ type?: unknown, id?: unknown, request?: unknown, timeoutMs?: unknown }} message */
function receive(message) {
  if (message.type === 'init' && !starting) {
    starting = true;
    start(/** @type {Parameters<typeof start>[0]} */ (message)).then(
      (runner) => {
        run = runner;
        send({ type: 'ready' });
      },
      (error) => {
        const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
        send({ type: 'crash', id: 0, message: text.slice(0, 10_000) });
      },
    );
  } else if (message.type === 'run' && run) {
    send(run(/** @type {Parameters<typeof run>[0]} */ (message)));
  }
}

let buffered = '';
input.setEncoding('utf8');
input.on('data', (/** @type {string} */ chunk) => {
  buffered += chunk;
  for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
    const line = buffered.slice(0, end);
    buffered = buffered.slice(end + 1);
    receive(JSON.parse(line));
  }
});
