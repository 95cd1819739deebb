/*
 * The page's side of the Python runner: one worker per page, started when the learner first needs
 * it (or the page is idle), one program at a time. A run that passes its time limit or is stopped
 * is interrupted through Pyodide's interrupt buffer when the page is cross-origin isolated, and
 * otherwise (or if the program ignores the interrupt) its worker is terminated and a new one
 * started, so the next run always works. A program waiting in input() is answered, or stopped,
 * through the service worker's input relay (decision 0016); the time limit does not run meanwhile.
 */
import { parseHarnessResult } from '#shared/content/python-checks.ts';
import {
  onServiceWorkerControl,
  postRelayAnswer,
  serviceWorkerControl,
} from '#client/sw/register.ts';
import type { PythonRunner, RunRequest } from '#shared/content/python-checks.ts';
import { RUN_TIMEOUT_MS } from './friendly-errors.ts';
import { PYODIDE_BASE_URL } from './pyodide-version.ts';
import type { RunOutcome } from './run-results.ts';
import { parseTrace } from './trace.ts';
import { parseDrawing, type Drawing } from './turtle-drawing.ts';
import type { OutputChunk, WorkerReply, WorkerRequest } from './worker-protocol.ts';

/** How long an interrupted program may take to unwind before its worker is terminated. */
const INTERRUPT_GRACE_MS = 500;
const SIGINT = 2;

export type RunStatus = 'loading' | 'running';

export interface RunHooks {
  onOutput?: (chunk: OutputChunk) => void;
  onStatus?: (status: RunStatus) => void;
  /**
   * Given: input() waits for the learner (answer with `answer`) instead of reading the request's
   * stdin, where the input relay works (`interactive()`). Called with true when the program starts
   * waiting and false when it goes on.
   */
  onWaiting?: (waiting: boolean) => void;
  /** Run under the step-through tracer: the outcome carries the trace. */
  trace?: boolean;
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
  /** What the program drew with turtle, sent just before its result. */
  drawing?: Drawing;
  /** The key of the input() the program waits in, if it waits. */
  waitingKey?: string;
  /** Pauses the time limit (input() waiting) and starts it again with what was left. */
  pauseTimer: () => void;
  resumeTimer: () => void;
  finish: (outcome: RunOutcome) => void;
}

/** What a run that crashed the interpreter reports: the output so far and a PythonCrash error. */
function crashOutcome(current: Current, message: string): RunOutcome {
  return {
    stdout: current.stdout,
    stderr: current.stderr,
    error: {
      type: 'PythonCrash',
      mro: ['PythonCrash'],
      message,
      line: `Python stopped unexpectedly: ${message.split('\n')[0] ?? ''}`,
      traceback: '',
      phase: 'code',
    },
    timedOut: false,
    stopped: false,
  };
}

/** The worker's 'run' message; the request travels as JSON, with empty strings for what is left out. */
function runMessage(id: number, request: RunRequest, ask: boolean, trace: boolean): WorkerRequest {
  return {
    type: 'run',
    id,
    request: JSON.stringify({
      code: request.code,
      stdin: request.stdin ?? '',
      setup: request.setup ?? '',
      tests: request.tests ?? '',
      ...(request.compare ? { compare: request.compare, reference: request.reference ?? '' } : {}),
    }),
    ask,
    trace,
  };
}

class WorkerHandle {
  readonly worker: Worker;
  readonly interrupt: Int32Array | undefined;
  readonly ready: Promise<void>;
  /** The worker's synchronous requests reach the input relay (known once it is ready). */
  relay = false;
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
        if (reply.type === 'ready') {
          this.relay = reply.relay;
          resolve();
        } else if (reply.type === 'load-error') reject(new PythonLoadError(reply.message));
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

  private starting: Promise<void> | undefined;
  private listening = false;

  /**
   * Starts loading Python if it is not loaded or loading already. The worker is created once the
   * service worker controls the page (or could not), so that its input() can use the relay.
   */
  preload(): Promise<void> {
    if (this.handle && !this.handle.dead) return this.handle.ready;
    this.starting ??= serviceWorkerControl()
      .catch(() => false)
      .then(() => {
        this.starting = undefined;
        if (this.handle && !this.handle.dead) return this.handle.ready;
        const handle = new WorkerHandle();
        this.handle = handle;
        handle.ready.then(
          () => {
            if (this.handle === handle) this.readyNow = true;
          },
          () => undefined,
        );
        return handle.ready;
      });
    if (!this.listening) {
      this.listening = true;
      // First visit: the service worker took control after Python started. A worker without the
      // relay is replaced while idle, so the next run's input() is typed in the console.
      onServiceWorkerControl(() => {
        if (this.handle && !this.handle.dead && !this.handle.relay && !this.current) {
          this.restart();
        }
      });
    }
    return this.starting;
  }
  private readyNow = false;

  /** input() can wait for the learner's typing (the relay works in the loaded worker). */
  interactive(): boolean {
    return Boolean(this.handle && !this.handle.dead && this.handle.relay);
  }

  /** Gives the program waiting in input() the learner's line. */
  answer(text: string): void {
    const current = this.current;
    const key = current?.waitingKey;
    if (!current || key === undefined) return;
    current.waitingKey = undefined;
    postRelayAnswer(key, text);
    current.hooks.onWaiting?.(false);
    current.resumeTimer();
  }

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
    const ask = hooks.onWaiting !== undefined && handle.relay;
    return new Promise<RunOutcome>((resolve) => {
      let left = timeoutMs;
      let started = performance.now();
      let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(
        () => this.kill('timeout'),
        left,
      );
      const current: Current = {
        id,
        stdout: '',
        stderr: '',
        hooks,
        pauseTimer: () => {
          if (timer === undefined) return;
          clearTimeout(timer);
          timer = undefined;
          left -= performance.now() - started;
        },
        resumeTimer: () => {
          if (timer !== undefined) return;
          started = performance.now();
          timer = setTimeout(() => this.kill('timeout'), Math.max(left, 0));
        },
        finish: (outcome) => {
          clearTimeout(timer);
          if (current.waitingKey !== undefined) hooks.onWaiting?.(false);
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
        } else if (reply.type === 'input') {
          current.pauseTimer();
          current.waitingKey = reply.key;
          hooks.onWaiting?.(true);
        } else if (reply.type === 'drawing') {
          current.drawing = parseDrawing(reply.json);
        } else if (reply.type === 'result') {
          const result = parseHarnessResult(reply.json, false);
          const trace = hooks.trace ? parseTrace(reply.json) : undefined;
          const drawing = current.drawing;
          current.finish({
            ...result,
            stopped: false,
            ...(trace ? { trace } : {}),
            ...(drawing ? { drawing } : {}),
          });
        } else if (reply.type === 'crash') {
          // The interpreter is in an unknown state: start over with a fresh one.
          this.restart();
          current.finish(crashOutcome(current, reply.message));
        }
      };
      handle.onFatal = (message) => handle.onReply({ type: 'crash', id, message });
      handle.worker.postMessage(runMessage(id, request, ask, hooks.trace === true));
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
    const key = current.waitingKey;
    if (key !== undefined) {
      // Waiting in input(): the relay tells it to stop (KeyboardInterrupt), and Python stays.
      current.waitingKey = undefined;
      postRelayAnswer(key);
      this.awaitUnwind(handle, current, outcome);
      return;
    }
    if (handle.interrupt) {
      // KeyboardInterrupt inside Python keeps the loaded interpreter; terminate only if ignored.
      Atomics.store(handle.interrupt, 0, SIGINT);
      this.awaitUnwind(handle, current, outcome);
      return;
    }
    this.restart();
    current.finish({ ...outcome, restarted: true });
  }

  /** Finishes a run once the interrupted program has unwound, or restarts Python if it does not. */
  private awaitUnwind(handle: WorkerHandle, current: Current, stopped: RunOutcome): void {
    let outcome = stopped;
    const grace = setTimeout(() => {
      if (this.current === current) {
        this.restart();
        current.finish({ ...outcome, restarted: true });
      }
    }, INTERRUPT_GRACE_MS);
    const previous = handle.onReply;
    handle.onReply = (reply) => {
      if ('id' in reply && reply.id === current.id && reply.type !== 'output') {
        if (reply.type === 'input') return;
        // A stopped program still shows what it had drawn.
        if (reply.type === 'drawing') {
          const drawing = parseDrawing(reply.json);
          if (drawing) outcome = { ...outcome, drawing };
          return;
        }
        clearTimeout(grace);
        current.finish(outcome);
        return;
      }
      previous(reply);
    };
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
