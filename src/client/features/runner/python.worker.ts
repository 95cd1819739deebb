/*
 * The Web Worker that runs learners' Python. It loads Pyodide from our own origin (the versioned
 * path the build copies it to) and restores the build's snapshot of it, in which the shared
 * harness from python-checks.ts and the browser's additions (worker-python.ts) are already loaded
 * (decision 0020); then it runs one request at a time, streaming what the program prints back to
 * the page as it is printed. input() and time.sleep() block in synchronous requests that the
 * site's service worker answers (the input relay, decision 0016).
 */
import type { loadPyodide as LoadPyodide } from 'pyodide';
import { RELAY_HEADER, RELAY_PREFIX, type RelayInputReply } from '#client/sw/relay-protocol.ts';
import { PYODIDE_SNAPSHOT_FILE } from './pyodide-version.ts';
import {
  AFTER_RESTORE_PYTHON,
  WORKER_DRAWING,
  WORKER_ENTRY,
  WORKER_MODULE,
} from './worker-python.ts';
import type { WorkerReply, WorkerRequest } from './worker-protocol.ts';

interface WorkerScope {
  postMessage(message: WorkerReply): void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
}
const scope = self as unknown as WorkerScope;

/** Output is sent in batches: a message per print() would swamp the page in a tight loop. */
const FLUSH_MS = 30;
const FLUSH_CHARS = 8_192;

type RunInBrowser = (
  request: string,
  onOutput: (stream: string, text: string) => void,
  ask: (() => string | undefined) | undefined,
  pause: ((ms: number) => void) | undefined,
  trace: boolean,
) => string;
let runInBrowser: RunInBrowser | undefined;
let turtleDrawing: (() => string | undefined) | undefined;
/** The service worker answers this worker's relay requests (checked once, after loading). */
let relay = false;
/** Keys of input requests must not repeat across workers: the service worker outlives them. */
const session = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
let asked = 0;

/** One synchronous relay request; undefined when it was not the service worker that answered. */
function relayRequest(path: string): string | undefined {
  try {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${RELAY_PREFIX}${path}`, false);
    xhr.send();
    return xhr.getResponseHeader(RELAY_HEADER) === '1' ? xhr.responseText : undefined;
  } catch {
    return undefined;
  }
}

/** The snapshot's bytes; the largest file, so it is asked for before anything else. */
async function fetchSnapshot(indexURL: string): Promise<ArrayBuffer> {
  const response = await fetch(`${indexURL}${PYODIDE_SNAPSHOT_FILE}`);
  if (!response.ok) throw new Error(`the Python snapshot answered ${response.status}`);
  return response.arrayBuffer();
}

async function init(indexURL: string, interrupt: SharedArrayBuffer | undefined): Promise<void> {
  try {
    const snapshot = fetchSnapshot(indexURL);
    // A rejection is reported by loadPyodide, which awaits it; until then it is not unhandled.
    snapshot.catch(() => undefined);
    const loading = import(/* @vite-ignore */ `${indexURL}pyodide.mjs`) as Promise<{
      loadPyodide: typeof LoadPyodide;
    }>;
    // The blocking check costs no time here: the files are still on their way.
    relay = relayRequest('ping') !== undefined;
    const module = await loading;
    const pyodide = await module.loadPyodide({
      indexURL,
      _loadSnapshot: snapshot,
      // The harness captures everything a program prints; anything else is Pyodide's own noise.
      stdout: () => {},
      stderr: () => {},
    });
    if (interrupt) pyodide.setInterruptBuffer(new Int32Array(interrupt));
    pyodide.runPython(AFTER_RESTORE_PYTHON, { filename: '<indent-restore>' });
    const runner = pyodide.pyimport(WORKER_MODULE);
    runInBrowser = runner[WORKER_ENTRY] as RunInBrowser;
    turtleDrawing = runner[WORKER_DRAWING] as () => string | undefined;
    scope.postMessage({ type: 'ready', relay });
  } catch (error) {
    scope.postMessage({
      type: 'load-error',
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

/** Blocks until the service worker has held the request for `ms` (time.sleep without spinning). */
function pause(ms: number): void {
  const until = performance.now() + ms;
  for (let left = ms; left > 0; left = until - performance.now()) {
    if (relayRequest(`sleep/${Math.ceil(left)}`) === undefined) return;
  }
}

function run(id: number, request: string, withInput: boolean, trace: boolean): void {
  if (!runInBrowser) {
    scope.postMessage({ type: 'crash', id, message: 'Python is not loaded yet.' });
    return;
  }
  let pending: { stream: 'stdout' | 'stderr'; text: string }[] = [];
  let size = 0;
  let lastFlush = 0;
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
  /** input(): the prompt is shown, the page is told, and the answer (undefined: stopped) awaited. */
  const ask = (): string | undefined => {
    flush();
    const key = `${session}-${++asked}`;
    scope.postMessage({ type: 'input', id, key });
    for (;;) {
      const body = relayRequest(`input/${encodeURIComponent(key)}`);
      // The service worker went away mid-wait: end the program rather than hang.
      if (body === undefined) return undefined;
      const reply = JSON.parse(body) as RelayInputReply;
      if ('answer' in reply) return reply.answer;
      if ('stop' in reply) return undefined;
    }
  };
  try {
    const json = runInBrowser(
      request,
      onOutput,
      withInput && relay ? ask : undefined,
      relay ? pause : undefined,
      trace,
    );
    flush();
    // Asked for after every run, but only a run that used turtle has one to send.
    const drawing = turtleDrawing?.();
    if (typeof drawing === 'string') scope.postMessage({ type: 'drawing', id, json: drawing });
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
  else run(message.id, message.request, message.ask, message.trace);
};
