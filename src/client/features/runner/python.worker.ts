/*
 * The Web Worker that runs learners' Python. It loads Pyodide from our own origin (the versioned
 * path the build copies it to), runs the shared harness from python-checks.ts once, and then runs
 * one request at a time, streaming what the program prints back to the page as it is printed.
 */
import type { loadPyodide as LoadPyodide } from 'pyodide';
import { HARNESS_ENTRY, PYTHON_HARNESS } from '#shared/content/python-checks.ts';
import type { WorkerReply, WorkerRequest } from './worker-protocol.ts';

interface WorkerScope {
  postMessage(message: WorkerReply): void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
}
const scope = self as unknown as WorkerScope;

/** Output is sent in batches: a message per print() would swamp the page in a tight loop. */
const FLUSH_MS = 30;
const FLUSH_CHARS = 8_192;

type RunRequestFn = (request: string, onOutput: (stream: string, text: string) => void) => string;
let runRequest: RunRequestFn | undefined;

async function init(indexURL: string, interrupt: SharedArrayBuffer | undefined): Promise<void> {
  try {
    const module = (await import(/* @vite-ignore */ `${indexURL}pyodide.mjs`)) as {
      loadPyodide: typeof LoadPyodide;
    };
    // The harness captures everything a program prints; anything else is Pyodide's own noise.
    const pyodide = await module.loadPyodide({ indexURL, stdout: () => {}, stderr: () => {} });
    if (interrupt) pyodide.setInterruptBuffer(new Int32Array(interrupt));
    const namespace = pyodide.globals.get('dict')();
    pyodide.runPython(PYTHON_HARNESS, { globals: namespace, filename: '<indent-harness>' });
    runRequest = namespace.get(HARNESS_ENTRY) as RunRequestFn;
    scope.postMessage({ type: 'ready' });
  } catch (error) {
    scope.postMessage({
      type: 'load-error',
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

function run(id: number, request: string): void {
  if (!runRequest) {
    scope.postMessage({ type: 'crash', id, message: 'Python is not loaded yet.' });
    return;
  }
  let pending: { stream: 'stdout' | 'stderr'; text: string }[] = [];
  let size = 0;
  let lastFlush = performance.now();
  const flush = () => {
    if (pending.length > 0) scope.postMessage({ type: 'output', id, chunks: pending });
    pending = [];
    size = 0;
    lastFlush = performance.now();
  };
  const onOutput = (stream: string, text: string) => {
    const last = pending[pending.length - 1];
    const kind = stream === 'stderr' ? 'stderr' : 'stdout';
    if (last && last.stream === kind) last.text += text;
    else pending.push({ stream: kind, text });
    size += text.length;
    // The first output goes out at once, so the learner sees their program start.
    if (size >= FLUSH_CHARS || performance.now() - lastFlush >= FLUSH_MS || lastFlush === 0)
      flush();
  };
  lastFlush = 0;
  try {
    const json = runRequest(request, onOutput);
    flush();
    scope.postMessage({ type: 'result', id, json });
  } catch (error) {
    flush();
    scope.postMessage({
      type: 'crash',
      id,
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'init') void init(message.indexURL, message.interrupt);
  else run(message.id, message.request);
};
