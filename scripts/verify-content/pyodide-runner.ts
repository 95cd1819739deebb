/*
 * PythonRunner for Node: one Pyodide, loaded once, in a worker thread. A run that exceeds its time
 * limit is interrupted through the shared interrupt buffer (KeyboardInterrupt inside Python); a run
 * that ignores the interrupt (a bare `except:` in a loop) gets the worker terminated and replaced.
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

  constructor() {
    this.worker = new Worker(new URL('./pyodide-worker.mjs', import.meta.url), {
      workerData: {
        harness: PYTHON_HARNESS,
        entry: HARNESS_ENTRY,
        interruptBuffer: this.interrupt.buffer,
      },
    });
    this.ready = new Promise<void>((resolve, reject) => {
      this.worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready') resolve();
        else if (this.pending?.id === message.id) this.pending.resolve(message);
      });
      const fail = (error: Error): void => {
        this.exited = error;
        reject(error);
        this.pending?.resolve({ type: 'crash', id: this.pending.id, message: error.message });
      };
      this.worker.on('error', fail);
      this.worker.on('exit', (code) => fail(new Error(`the Pyodide worker exited (code ${code})`)));
    });
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

export class NodePyodideRunner implements PythonRunner {
  private worker: PyodideWorker;
  private nextId = 1;
  private queue: Promise<unknown> = Promise.resolve();
  /** How many times a worker had to be replaced (for reports and tests). */
  restarts = 0;

  private constructor(worker: PyodideWorker) {
    this.worker = worker;
  }

  static async start(): Promise<NodePyodideRunner> {
    const worker = new PyodideWorker();
    await worker.ready;
    return new NodePyodideRunner(worker);
  }

  run(request: RunRequest): Promise<RunResult> {
    // One interpreter runs one program at a time; callers may still fire runs concurrently.
    const result = this.queue.then(() => this.runNow(request));
    this.queue = result.catch(() => undefined);
    return result;
  }

  async close(): Promise<void> {
    await this.queue;
    await this.worker.terminate();
  }

  private async runNow(request: RunRequest): Promise<RunResult> {
    if (!this.worker.alive) await this.replaceWorker();
    const worker = this.worker;
    const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const id = this.nextId++;
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
      await this.replaceWorker();
      const text = message.type === 'crash' ? message.message : 'no result';
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
    } finally {
      clearTimeout(interruptTimer);
      clearTimeout(killTimer);
    }
  }

  private async replaceWorker(): Promise<void> {
    await this.worker.terminate().catch(() => undefined);
    this.restarts++;
    const worker = new PyodideWorker();
    await worker.ready;
    this.worker = worker;
  }
}
