/*
 * PythonRunner for Node: a pool of Pyodide interpreters, each in its own worker thread and each
 * running one program at a time. Used by the server's exercise checks and by the content verifier,
 * so both run the same harness (src/shared/content/python-checks.ts) the browser runs.
 *
 * A run that exceeds its time limit is interrupted through the worker's shared interrupt buffer
 * (KeyboardInterrupt inside Python); a run that ignores the interrupt (a bare `except:` in a loop),
 * or a worker that dies (its JS heap limit, a crash), gets that worker terminated and replaced, so
 * a bad program costs its own run and nothing else.
 */

import { Worker } from 'node:worker_threads';
import {
  DEFAULT_TIMEOUT_MS,
  HARNESS_ENTRY,
  PYTHON_HARNESS,
  parseHarnessResult,
} from '#shared/content/python-checks.ts';
import type { PythonRunner, RunRequest, RunResult } from '#shared/content/python-checks.ts';

/** How long after the interrupt a run may take to unwind before its worker is terminated. */
const GRACE_MS = 2_000;
const SIGINT = 2;

export interface PyodidePoolOptions {
  /** How many interpreters run programs side by side. */
  readonly size?: number;
  /**
   * Most WebAssembly memory (Python's heap) one interpreter may use, in MB; an allocation past it
   * raises MemoryError in the program. Unlimited (Pyodide's own 4 GB) when not given.
   */
  readonly wasmMemoryMb?: number;
  /** Most JavaScript heap one worker may use (worker resourceLimits), in MB. */
  readonly jsHeapMb?: number;
  /**
   * No road from Python to JavaScript (`import js` is empty, `pyodide_js` and `pyodide.http` are
   * gone) and an empty process.env in the worker: no network, no host files, no secrets.
   */
  readonly sealed?: boolean;
  /** Time limit of a run that does not give its own. */
  readonly timeoutMs?: number;
}

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'result'; id: number; json: string }
  | { type: 'crash'; id: number; message: string };

interface Pending {
  id: number;
  resolve: (message: WorkerMessage) => void;
}

class PyodideWorker {
  readonly interrupt = new Int32Array(new SharedArrayBuffer(4));
  private readonly worker: Worker;
  private pending: Pending | undefined;
  private exited: Error | undefined;
  readonly ready: Promise<void>;

  constructor(options: PyodidePoolOptions) {
    this.worker = new Worker(new URL('./pyodide-worker.mjs', import.meta.url), {
      workerData: {
        harness: PYTHON_HARNESS,
        entry: HARNESS_ENTRY,
        interruptBuffer: this.interrupt.buffer,
        wasmMemoryMb: options.wasmMemoryMb,
        sealed: options.sealed ?? false,
      },
      ...(options.sealed ? { env: {} } : {}),
      ...(options.jsHeapMb ? { resourceLimits: { maxOldGenerationSizeMb: options.jsHeapMb } } : {}),
    });
    this.ready = new Promise<void>((resolve, reject) => {
      this.worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready') resolve();
        else if (this.pending?.id === message.id) this.pending.resolve(message);
      });
      const fail = (error: Error): void => {
        this.exited ??= error;
        reject(error);
        this.pending?.resolve({ type: 'crash', id: this.pending.id, message: error.message });
      };
      this.worker.on('error', fail);
      this.worker.on('exit', (code) => fail(new Error(`the Pyodide worker exited (code ${code})`)));
    });
    // A worker that fails while starting is replaced on its next run; nobody else awaits it.
    this.ready.catch(() => undefined);
  }

  get alive(): boolean {
    return this.exited === undefined;
  }

  send(id: number, request: string): Promise<WorkerMessage> {
    return new Promise((resolve) => {
      this.pending = { id, resolve };
      this.worker.postMessage({ id, request });
    });
  }

  async terminate(): Promise<void> {
    this.exited ??= new Error('terminated');
    await this.worker.terminate();
  }
}

function crashResult(text: string): RunResult {
  return {
    stdout: '',
    stderr: text,
    error: {
      type: 'PyodideCrash',
      mro: ['PyodideCrash'],
      message: text,
      line: `Python stopped unexpectedly: ${text.split('\n')[0] ?? ''}`,
      traceback: text,
      phase: 'code',
    },
    timedOut: false,
  };
}

/** One interpreter slot of the pool: its worker, replaced when it dies. */
class Slot {
  worker: PyodideWorker | undefined;
  restarts = 0;

  constructor(private readonly options: PyodidePoolOptions) {}

  private async ensureWorker(): Promise<PyodideWorker> {
    if (this.worker?.alive) {
      await this.worker.ready;
      return this.worker;
    }
    if (this.worker) {
      await this.worker.terminate().catch(() => undefined);
      this.restarts++;
    }
    const worker = new PyodideWorker(this.options);
    this.worker = worker;
    await worker.ready;
    return worker;
  }

  async run(id: number, request: RunRequest): Promise<RunResult> {
    const worker = await this.ensureWorker();
    const timeoutMs = request.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    Atomics.store(worker.interrupt, 0, 0);
    let interrupted = false;
    let killed = false;
    const interruptTimer = setTimeout(() => {
      interrupted = true;
      Atomics.store(worker.interrupt, 0, SIGINT);
    }, timeoutMs);
    const killTimer = setTimeout(() => {
      killed = true;
      void worker.terminate();
    }, timeoutMs + GRACE_MS);
    try {
      const payload = JSON.stringify({
        code: request.code,
        stdin: request.stdin ?? '',
        setup: request.setup ?? '',
        tests: request.tests ?? '',
      });
      const message = await worker.send(id, payload);
      if (message.type === 'result') return parseHarnessResult(message.json, interrupted);
      if (killed || interrupted) return { stdout: '', stderr: '', error: null, timedOut: true };
      await worker.terminate().catch(() => undefined);
      return crashResult(message.type === 'crash' ? message.message : 'no result');
    } finally {
      clearTimeout(interruptTimer);
      clearTimeout(killTimer);
    }
  }
}

export class NodePyodideRunner implements PythonRunner {
  private readonly slots: Slot[];
  private readonly idle: Slot[];
  private readonly waiting: ((slot: Slot) => void)[] = [];
  private readonly running = new Set<Promise<unknown>>();
  private nextId = 1;
  private closed = false;

  /** Workers start on first use, so an app that never checks code never loads Pyodide. */
  constructor(options: PyodidePoolOptions = {}) {
    const size = Math.max(1, Math.floor(options.size ?? 1));
    this.slots = Array.from({ length: size }, () => new Slot(options));
    this.idle = [...this.slots];
  }

  /** A runner whose interpreters have all loaded (the verifier wants start-up out of its timings). */
  static async start(options: PyodidePoolOptions = {}): Promise<NodePyodideRunner> {
    const runner = new NodePyodideRunner(options);
    await Promise.all(runner.slots.map((slot) => slot.run(0, { code: '' })));
    return runner;
  }

  /** How many times a worker had to be replaced (for reports and tests). */
  get restarts(): number {
    return this.slots.reduce((sum, slot) => sum + slot.restarts, 0);
  }

  /** Runs waiting for a free interpreter. */
  get queued(): number {
    return this.waiting.length;
  }

  run(request: RunRequest): Promise<RunResult> {
    if (this.closed) return Promise.reject(new Error('the Python runner is closed'));
    const result = this.acquire().then(async (slot) => {
      try {
        return await slot.run(this.nextId++, request);
      } finally {
        this.release(slot);
      }
    });
    const tracked = result.catch(() => undefined);
    this.running.add(tracked);
    void tracked.then(() => this.running.delete(tracked));
    return result;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.running);
    await Promise.all(this.slots.map((slot) => slot.worker?.terminate()));
  }

  private acquire(): Promise<Slot> {
    const slot = this.idle.pop();
    if (slot) return Promise.resolve(slot);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(slot: Slot): void {
    const next = this.waiting.shift();
    if (next) next(slot);
    else this.idle.push(slot);
  }
}
