// Runs Pyodide in a worker thread for scripts/verify-content/pyodide-runner.ts. Plain JavaScript on
// purpose: a worker started from Vitest or tsx gets no TypeScript loader. The harness source comes
// from src/shared/content/python-checks.ts through workerData, so there is one copy of it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { loadPyodide } from 'pyodide';

/** @type {{ harness: string, entry: string, interruptBuffer: SharedArrayBuffer }} */
const { harness, entry, interruptBuffer } = workerData;

const port = parentPort;
if (!port) throw new Error('pyodide-worker.mjs must run as a worker thread');

// Everything the programs print is captured by the harness; anything else is Pyodide's own noise.
// indexURL is given because Pyodide's own guess (from a stack trace) fails under module loaders
// such as tsx, which the worker inherits from the main thread.
const indexURL = path.dirname(fileURLToPath(import.meta.resolve('pyodide'))) + path.sep;
const pyodide = await loadPyodide({ indexURL, stdout: () => {}, stderr: () => {} });
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
