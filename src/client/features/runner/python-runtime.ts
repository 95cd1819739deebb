/*
 * The page's side of the Python runner: one worker per page, started when the learner first needs
 * it (or the page is idle), one program at a time. A run that passes its time limit or is stopped
 * is interrupted through Pyodide's interrupt buffer when the page is cross-origin isolated, and
 * otherwise (or if the program ignores the interrupt) its worker is terminated and a new one
 * started, so the next run always works.
 */
import { parseHarnessResult } from '#shared/content/python-checks.ts';
import type { PythonRunner, RunRequest } from '#shared/content/python-checks.ts';
import { RUN_TIMEOUT_MS } from './friendly-errors.ts';
import { PYODIDE_BASE_URL } from './pyodide-version.ts';
import type { RunOutcome } from './run-results.ts';
import type { OutputChunk, WorkerReply, WorkerRequest } from './worker-protocol.ts';

/** How long an interrupted program may take to unwind before its worker is terminated. */
const INTERRUPT_GRACE_MS = 500;
const SIGINT = 2;

export type RunStatus = 'loading' | 'running';

export interface RunHooks {
  onOutput?: (chunk: OutputChunk) => void;
  onStatus?: (status: RunStatus) => void;
}

export class PythonLoadError extends Error {
  constructor(detail: string) {
    super(
      `Python could not be loaded (${detail}). Check your connection and reload the page to try again.`,
    );
    this.name = 'PythonLoadError';
  }
}

interface Current {
  id: number;
  stdout: string;
  stderr: string;
  hooks: RunHooks;
  finish: (outcome: RunOutcome) => void;
}

class WorkerHandle {
  readonly worker: Worker;
  readonly interrupt: Int32Array | undefined;
  readonly ready: Promise<void>;
  onReply: (reply: WorkerReply) => void = () => {};
  /** The worker itself failed (not a Python error): the run in progress cannot finish. */
  onFatal: (message: string) => void = () => {};
  dead = false;

  constructor() {
    this.worker = new Worker(new URL('./python.worker.ts', import.meta.url), { type: 'module' });
    // SharedArrayBuffer exists only on cross-origin isolated pages.
    this.interrupt = globalThis.crossOriginIsolated
      ? new Int32Array(new SharedArrayBuffer(4))
      : undefined;
    this.ready = new Promise<void>((resolve, reject) => {
      this.worker.onmessage = (event: MessageEvent<WorkerReply>) => {
        const reply = event.data;
        if (reply.type === 'ready') resolve();
        else if (reply.type === 'load-error') reject(new PythonLoadError(reply.message));
        else this.onReply(reply);
      };
      this.worker.onerror = (event) => {
        reject(new PythonLoadError(event.message || 'the worker failed to start'));
        this.onFatal(event.message || 'the Python worker stopped');
      };
    });
    // A rejection nobody awaits yet must not be reported as unhandled; run() awaits it.
    this.ready.catch(() => undefined);
    const init: WorkerRequest = {
      type: 'init',
      indexURL: new URL(PYODIDE_BASE_URL, location.href).href,
      ...(this.interrupt ? { interrupt: this.interrupt.buffer as SharedArrayBuffer } : {}),
    };
    this.worker.postMessage(init);
  }

  terminate(): void {
    this.dead = true;
    this.worker.terminate();
  }
}

export class PythonRuntime implements PythonRunner {
  private handle: WorkerHandle | undefined;
  private current: Current | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;

  /** Starts loading Python if it is not loaded or loading already. */
  preload(): Promise<void> {
    if (!this.handle || this.handle.dead) {
      const handle = new WorkerHandle();
      this.handle = handle;
      handle.ready.then(
        () => {
          if (this.handle === handle) this.readyNow = true;
        },
        () => undefined,
      );
    }
    return this.handle.ready;
  }
  private readyNow = false;

  run(request: RunRequest, hooks: RunHooks = {}): Promise<RunOutcome> {
    const outcome = this.queue.then(() => this.runNow(request, hooks));
    this.queue = outcome.catch(() => undefined);
    return outcome;
  }

  /** Stops the program that is running, if any. */
  stop(): void {
    this.kill('stop');
  }

  private async runNow(request: RunRequest, hooks: RunHooks): Promise<RunOutcome> {
    if (!this.handle || this.handle.dead || !this.readyNow) hooks.onStatus?.('loading');
    try {
      await this.preload();
    } catch (error) {
      // The next attempt starts a fresh worker.
      this.handle?.terminate();
      throw error;
    }
    const handle = this.handle;
    if (!handle) throw new PythonLoadError('no worker');
    hooks.onStatus?.('running');
    const id = this.nextId++;
    const timeoutMs = request.timeoutMs ?? RUN_TIMEOUT_MS;
    if (handle.interrupt) Atomics.store(handle.interrupt, 0, 0);
    return new Promise<RunOutcome>((resolve) => {
      const timer = setTimeout(() => this.kill('timeout'), timeoutMs);
      const current: Current = {
        id,
        stdout: '',
        stderr: '',
        hooks,
        finish: (outcome) => {
          clearTimeout(timer);
          if (this.current === current) this.current = undefined;
          resolve(outcome);
        },
      };
      this.current = current;
      handle.onReply = (reply) => {
        if (!('id' in reply) || reply.id !== id) return;
        if (reply.type === 'output') {
          for (const chunk of reply.chunks) {
            if (chunk.stream === 'stdout') current.stdout += chunk.text;
            else current.stderr += chunk.text;
            hooks.onOutput?.(chunk);
          }
        } else if (reply.type === 'result') {
          const result = parseHarnessResult(reply.json, false);
          current.finish({ ...result, stopped: false });
        } else if (reply.type === 'crash') {
          // The interpreter is in an unknown state: start over with a fresh one.
          this.restart();
          current.finish({
            stdout: current.stdout,
            stderr: current.stderr,
            error: {
              type: 'PythonCrash',
              mro: ['PythonCrash'],
              message: reply.message,
              line: `Python stopped unexpectedly: ${reply.message.split('\n')[0] ?? ''}`,
              traceback: '',
              phase: 'code',
            },
            timedOut: false,
            stopped: false,
          });
        }
      };
      handle.onFatal = (message) => handle.onReply({ type: 'crash', id, message });
      handle.worker.postMessage({
        type: 'run',
        id,
        request: JSON.stringify({
          code: request.code,
          stdin: request.stdin ?? '',
          setup: request.setup ?? '',
          tests: request.tests ?? '',
        }),
      } satisfies WorkerRequest);
    });
  }

  private kill(reason: 'timeout' | 'stop'): void {
    const current = this.current;
    const handle = this.handle;
    if (!current || !handle) return;
    const outcome: RunOutcome = {
      stdout: current.stdout,
      stderr: current.stderr,
      error: null,
      timedOut: reason === 'timeout',
      stopped: reason === 'stop',
    };
    if (handle.interrupt) {
      // KeyboardInterrupt inside Python keeps the loaded interpreter; terminate only if ignored.
      Atomics.store(handle.interrupt, 0, SIGINT);
      const grace = setTimeout(() => {
        if (this.current === current) {
          this.restart();
          current.finish(outcome);
        }
      }, INTERRUPT_GRACE_MS);
      const previous = handle.onReply;
      handle.onReply = (reply) => {
        if ('id' in reply && reply.id === current.id && reply.type !== 'output') {
          clearTimeout(grace);
          current.finish(outcome);
          return;
        }
        previous(reply);
      };
      return;
    }
    this.restart();
    current.finish(outcome);
  }

  /** Replaces the worker; the new one starts loading at once so the next run is quick. */
  private restart(): void {
    this.handle?.terminate();
    this.readyNow = false;
    this.handle = undefined;
    void this.preload().catch(() => undefined);
  }
}

/** One runtime per page: every editor on a lesson page shares it. */
let shared: PythonRuntime | undefined;
export function pythonRuntime(): PythonRuntime {
  shared ??= new PythonRuntime();
  return shared;
}
