/*
 * PythonRunner for Node: a pool of Pyodide interpreters, each in a child process of its own and
 * each running one program at a time. Used by the server's exercise checks and by the content
 * verifier, so both run the same harness (src/shared/content/python-checks.ts) the browser runs.
 *
 * Learners' programs are untrusted, so every interpreter runs sandboxed (decision 0019): its
 * process is started by sandbox.ts (it may read Pyodide's files and nothing else, write nothing,
 * start nothing, compile no JavaScript from strings, has no environment), and inside it Python is
 * sealed from JavaScript and the JavaScript realm stripped of what reaches the host
 * (pyodide-process.mjs). What it sends back is checked before it is believed.
 *
 * A run that exceeds its time limit gets KeyboardInterrupt inside Python; a run that ignores it
 * (a bare `except:` in a loop), or an interpreter that dies (its heap limit, a crash), gets its
 * process killed and replaced, so a bad program costs its own run and nothing else.
 */

import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEFAULT_TIMEOUT_MS, parseHarnessResult } from '#shared/content/python-checks.ts';
import { HARNESS_ENTRY } from '#shared/content/python-harness.ts';
import { librarySources, pythonSource } from './python-sources.ts';
import type { PythonRunner, RunRequest, RunResult } from '#shared/content/python-checks.ts';
import { PYODIDE_DIR, spawnSandboxed } from './sandbox.ts';

/** How long after the interrupt a run may take to unwind before its process is killed. */
const GRACE_MS = 2_000;

export interface PyodidePoolOptions {
  /** How many interpreters run programs side by side. */
  readonly size?: number;
  /**
   * Most WebAssembly memory (Python's heap) one interpreter may use, in MB; an allocation past it
   * raises MemoryError in the program. Unlimited (Pyodide's own 4 GB) when not given.
   */
  readonly wasmMemoryMb?: number;
  /** Most JavaScript heap one interpreter's process may use (--max-old-space-size), in MB. */
  readonly jsHeapMb?: number;
  /** Time limit of a run that does not give its own. */
  readonly timeoutMs?: number;
}

const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));
const PROCESS_SCRIPT = here('./pyodide-process.mjs');
/** What an interpreter's process may read besides its script: the modules it loads, and Pyodide. */
const PROCESS_READS = [here('./realm-lockdown.mjs'), here('./python-seal.py'), PYODIDE_DIR];

type ProcessMessage =
  | { type: 'ready' }
  | { type: 'result'; id: number; json: string; interrupted: boolean }
  | { type: 'crash'; id: number; message: string };

/** A message as the process protocol allows it; anything else comes from a broken process. */
function asProcessMessage(value: unknown): ProcessMessage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const message = value as Record<string, unknown>;
  if (message.type === 'ready') return { type: 'ready' };
  if (typeof message.id !== 'number') return undefined;
  if (
    message.type === 'result' &&
    typeof message.json === 'string' &&
    typeof message.interrupted === 'boolean'
  ) {
    return { type: 'result', id: message.id, json: message.json, interrupted: message.interrupted };
  }
  if (message.type === 'crash' && typeof message.message === 'string') {
    return { type: 'crash', id: message.id, message: message.message };
  }
  return undefined;
}

interface Pending {
  id: number;
  resolve: (message: ProcessMessage) => void;
}

/**
 * Most characters one line from a process may hold: the harness's largest honest reply (its
 * output limit, JSON-escaped) with room to spare. A longer line ends the process, so a broken one
 * cannot make the server buffer without end.
 */
const MAX_LINE_CHARS = 20_000_000;

class PyodideProcess {
  private readonly child: ChildProcess;
  private pending: Pending | undefined;
  private exited: Error | undefined;
  readonly ready: Promise<void>;

  constructor(options: PyodidePoolOptions) {
    this.child = spawnSandboxed(PROCESS_SCRIPT, PROCESS_READS, options.jsHeapMb);
    this.ready = new Promise<void>((resolve, reject) => {
      const fail = (error: Error): void => {
        this.exited ??= error;
        reject(error);
        this.pending?.resolve({ type: 'crash', id: this.pending.id, message: error.message });
        this.pending = undefined;
        this.child.kill('SIGKILL');
      };
      let started = false;
      this.readLines(fail, (value) => {
        const message = asProcessMessage(value);
        const pending = this.pending;
        if (message?.type === 'ready' && !started) {
          started = true;
          resolve();
        } else if (message && message.type !== 'ready' && pending?.id === message.id) {
          this.pending = undefined;
          pending.resolve(message);
        } else if (message?.type === 'crash' && !started) {
          fail(new Error(message.message));
        } else {
          fail(new Error('the Python process broke the protocol'));
        }
      });
      this.child.on('error', fail);
      // Writing to a process that has just died fails on the pipe; its exit settles the rest.
      this.child.stdin?.on('error', () => this.child.kill('SIGKILL'));
      this.child.on('exit', (code, signal) =>
        fail(new Error(`the Python process exited (${signal ?? `code ${code}`})`)),
      );
    });
    // A process that fails while starting is replaced on its next run; nobody else awaits it.
    this.ready.catch(() => undefined);
    this.post({
      type: 'init',
      library: librarySources(),
      harness: pythonSource('harness.py'),
      entry: HARNESS_ENTRY,
      indexURL: PYODIDE_DIR,
      wasmMemoryMb: options.wasmMemoryMb,
    });
  }

  /** Hands each line the process writes to `receive`, parsed; fails on anything unparsable. */
  private readLines(fail: (error: Error) => void, receive: (value: unknown) => void): void {
    let buffered = '';
    const output = this.child.stdout;
    output?.setEncoding('utf8');
    output?.on('data', (chunk: string) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        let value: unknown;
        try {
          value = JSON.parse(line);
        } catch {
          fail(new Error('the Python process wrote something other than JSON'));
          return;
        }
        receive(value);
      }
      if (buffered.length > MAX_LINE_CHARS) fail(new Error('the Python process wrote too much'));
    });
  }

  get alive(): boolean {
    return this.exited === undefined;
  }

  send(id: number, request: string, timeoutMs: number): Promise<ProcessMessage> {
    return new Promise((resolve) => {
      this.pending = { id, resolve };
      this.post({ type: 'run', id, request, timeoutMs });
    });
  }

  private post(message: object): void {
    // A failed write means the process is gone; its exit event settles what is pending.
    this.child.stdin?.write(`${JSON.stringify(message)}\n`, (error) => {
      if (error) this.child.kill('SIGKILL');
    });
  }

  async terminate(): Promise<void> {
    this.exited ??= new Error('terminated');
    // Not started (a spawn error) or already gone: there is no exit to wait for.
    if (this.child.pid === undefined || this.child.exitCode !== null) return;
    if (this.child.signalCode !== null) return;
    const gone = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGKILL');
    await gone;
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

const PHASES = new Set(['setup', 'code', 'tests']);
const FAILURE_KINDS = new Set(['rule', 'case', 'input', 'solution']);

/** A comparison's report, if it is one (absent and null both mean no difference). */
function wellFormedFailure(failure: unknown): boolean {
  if (failure === undefined || failure === null) return true;
  const f = failure as Record<string, unknown>;
  const optionalText = (value: unknown) => value === undefined || typeof value === 'string';
  return (
    FAILURE_KINDS.has(String(f.kind)) &&
    typeof f.message === 'string' &&
    optionalText(f.expected) &&
    optionalText(f.got) &&
    optionalText(f.says)
  );
}

/** The harness's reply, if it is one: a process that sends anything else is not believed. */
function harnessResult(json: string, timedOut: boolean): RunResult | undefined {
  let result: RunResult;
  try {
    result = parseHarnessResult(json, timedOut);
  } catch {
    return undefined;
  }
  const { stdout, stderr, error, failure } = result as Partial<Record<keyof RunResult, unknown>>;
  if (typeof stdout !== 'string' || typeof stderr !== 'string') return undefined;
  if (!wellFormedFailure(failure)) return undefined;
  if (error === null) return result;
  const e = error as Record<string, unknown> | undefined;
  const texts = [e?.type, e?.message, e?.line, e?.traceback];
  const wellFormed =
    texts.every((text) => typeof text === 'string') &&
    Array.isArray(e?.mro) &&
    e.mro.every((name) => typeof name === 'string') &&
    PHASES.has(String(e.phase)) &&
    (e.lineno === undefined || typeof e.lineno === 'number');
  return wellFormed ? result : undefined;
}

/** One interpreter slot of the pool: its process, replaced when it dies. */
class Slot {
  process: PyodideProcess | undefined;
  restarts = 0;

  constructor(private readonly options: PyodidePoolOptions) {}

  private async ensureProcess(): Promise<PyodideProcess> {
    if (this.process?.alive) {
      await this.process.ready;
      return this.process;
    }
    if (this.process) {
      await this.process.terminate().catch(() => undefined);
      this.restarts++;
    }
    const started = new PyodideProcess(this.options);
    this.process = started;
    await started.ready;
    return started;
  }

  async run(id: number, request: RunRequest): Promise<RunResult> {
    const child = await this.ensureProcess();
    const timeoutMs = request.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    // The process interrupts the program itself at the limit; this is the runner's own account,
    // and the kill for a program that does not stop.
    let overtime = false;
    let killed = false;
    const limitTimer = setTimeout(() => {
      overtime = true;
    }, timeoutMs);
    const killTimer = setTimeout(() => {
      killed = true;
      void child.terminate();
    }, timeoutMs + GRACE_MS);
    try {
      const payload = JSON.stringify({
        code: request.code,
        stdin: request.stdin ?? '',
        setup: request.setup ?? '',
        tests: request.tests ?? '',
        ...(request.compare
          ? { compare: request.compare, reference: request.reference ?? '' }
          : {}),
      });
      const message = await child.send(id, payload, timeoutMs);
      const timedOut = overtime || (message.type === 'result' && message.interrupted);
      if (message.type === 'result') {
        const result = harnessResult(message.json, timedOut);
        if (result) return result;
      }
      if (killed || timedOut) return { stdout: '', stderr: '', error: null, timedOut: true };
      await child.terminate().catch(() => undefined);
      return crashResult(message.type === 'crash' ? message.message : 'no usable result');
    } finally {
      clearTimeout(limitTimer);
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

  /** Interpreters start on first use, so an app that never checks code never loads Pyodide. */
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

  /** How many times an interpreter's process had to be replaced (for reports and tests). */
  get restarts(): number {
    return this.slots.reduce((sum, slot) => sum + slot.restarts, 0);
  }

  /** Interpreter processes alive now (they start on first use and are replaced when they die). */
  get processes(): number {
    return this.slots.filter((slot) => slot.process?.alive).length;
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
    await Promise.all(this.slots.map((slot) => slot.process?.terminate()));
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
