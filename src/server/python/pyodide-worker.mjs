// Runs Pyodide in a worker thread for src/server/python/pyodide-runner.ts (used by the server's
// exercise checks and by `npm run verify:content`). Plain JavaScript on purpose: a worker started
// from Vitest or tsx gets no TypeScript loader. The harness source comes from
// src/shared/content/python-checks.ts through workerData, so there is one copy of it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { loadPyodide } from 'pyodide';

/**
 * @type {{ harness: string, entry: string, interruptBuffer: SharedArrayBuffer,
 *   wasmMemoryMb?: number, sealed?: boolean }}
 */
const { harness, entry, interruptBuffer, wasmMemoryMb, sealed } = workerData;

const port = parentPort;
if (!port) throw new Error('pyodide-worker.mjs must run as a worker thread');

const WASM_PAGE = 65_536;

/**
 * Python's heap is WebAssembly memory, which the worker's resourceLimits (V8's JS heap) do not
 * cover, and Pyodide asks for a 4 GB maximum. Capping the maximum of the one memory Pyodide creates
 * makes an endless allocation end in Python's own MemoryError instead of growing the process.
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

// Everything the programs print is captured by the harness; anything else is Pyodide's own noise.
// indexURL is given because Pyodide's own guess (from a stack trace) fails under module loaders
// such as tsx, which the worker inherits from the main thread.
const indexURL = path.dirname(fileURLToPath(import.meta.resolve('pyodide'))) + path.sep;
const pyodide = await withCappedWasmMemory(wasmMemoryMb, () =>
  loadPyodide({
    indexURL,
    stdout: () => {},
    stderr: () => {},
    // Sealed: `import js` sees an empty object instead of the worker's globals (fetch, process),
    // so a program has no road to the network, the host's files or the environment.
    ...(sealed ? { jsglobals: Object.freeze(Object.create(null)) } : {}),
  }),
);
if (sealed) {
  // pyodide_js is the Pyodide API itself (loadPackage fetches, mountNodeFS mounts host folders).
  pyodide.unregisterJsModule('pyodide_js');
  pyodide.runPython(
    [
      'import sys',
      // A None entry makes `import x` raise ImportError; the finder of registered JS modules goes
      // too, so deleting the entry does not bring a module back.
      "for _name in ('pyodide_js', 'pyodide.http', 'pyodide.code', 'micropip'):",
      '    sys.modules[_name] = None',
      "sys.meta_path[:] = [f for f in sys.meta_path if type(f).__name__ != 'JsFinder']",
      'del _name',
    ].join('\n'),
  );
}
pyodide.setInterruptBuffer(new Int32Array(interruptBuffer));
const namespace = pyodide.globals.get('dict')();
pyodide.runPython(harness, { globals: namespace, filename: '<indent-harness>' });
const runRequest = namespace.get(entry);

port.on('message', (/** @type {{ id: number, request: string }} */ message) => {
  try {
    const json = runRequest(message.request);
    port.postMessage({ type: 'result', id: message.id, json });
  } catch (error) {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    port.postMessage({ type: 'crash', id: message.id, message: text });
  }
});
port.postMessage({ type: 'ready' });
