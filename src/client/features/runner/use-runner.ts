import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { RunRequest } from '#shared/content/python-checks.ts';
import { useRuntime } from './runtime-context.tsx';
import { runResult, type RunnerResult, type RunOutcome } from './run-results.ts';
import type { Trace } from './trace.ts';
import type { Drawing } from './turtle-drawing.ts';
import type { OutputChunk } from './worker-protocol.ts';

export type RunnerStatus = 'idle' | 'loading' | 'running';

/** Loads Python in the background once the page has settled, so the first Run is quick. */
export function usePreloadWhenIdle(): void {
  const runtime = useRuntime();
  useEffect(() => {
    const start = () =>
      void runtime()
        .preload()
        .catch(() => undefined);
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(start, { timeout: 5_000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = setTimeout(start, 2_000);
    return () => clearTimeout(handle);
  }, [runtime]);
}

/** Streamed output joins the last chunk when it comes from the same stream. */
function appendChunk(old: OutputChunk[], chunk: OutputChunk): OutputChunk[] {
  const last = old[old.length - 1];
  if (last && last.stream === chunk.stream) {
    return [...old.slice(0, -1), { stream: last.stream, text: last.text + chunk.text }];
  }
  return [...old, chunk];
}

/** Python could not run at all (it failed to load, or its worker died). */
function unavailable(error: unknown): RunnerResult {
  return {
    kind: 'unavailable',
    text: error instanceof Error ? error.message : 'Python could not be started.',
  };
}

/** Whether the component is still on the page (a run's late updates are dropped otherwise). */
function useMounted(): RefObject<boolean> {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}

/** Stop, an answer to input(), and whether input() can wait for the console. */
function useRuntimeControls() {
  const runtime = useRuntime();
  return {
    stop: useCallback(() => runtime().stop(), [runtime]),
    answer: useCallback((text: string) => runtime().answer?.(text), [runtime]),
    /** Whether Run can leave input() to the console (else it needs the input given up front). */
    interactive: useCallback(() => runtime().interactive?.() ?? false, [runtime]),
  };
}

/**
 * The runtime's controls, with Stop reaching the drawing too: the drawing under the output appears
 * line by line after its run has ended (decision 0033), and Stop then freezes it as it stands, as
 * stopping a program stops CPython's turtle where it is.
 */
function useControls() {
  const { stop: stopRun, answer, interactive } = useRuntimeControls();
  const [animating, setAnimating] = useState(false);
  const [halted, setHalted] = useState(false);
  const moving = useRef(false);
  const onAnimating = useCallback((now: boolean) => {
    moving.current = now;
    setAnimating(now);
  }, []);
  const stop = useCallback(() => {
    if (moving.current) setHalted(true);
    else stopRun();
  }, [stopRun]);
  const reset = useCallback(() => setHalted(false), []);
  const animation = useMemo(() => ({ halted, onAnimating }), [halted, onAnimating]);
  // `animation` for the output panel; `animating`: a drawing is appearing, so Stop can stop it.
  const exposed = useMemo(
    () => ({ animation, animating, stop, answer, interactive }),
    [animation, animating, stop, answer, interactive],
  );
  return { reset, exposed };
}

interface Shown {
  trace?: Trace | undefined;
  drawing?: Drawing | undefined;
}

/** The state of one editor's runs: streamed output, status and the last result. */
export function useRunner() {
  const runtime = useRuntime();
  const [status, setStatus] = useState<RunnerStatus>('idle');
  const [output, setOutput] = useState<OutputChunk[]>([]);
  const [result, setResult] = useState<RunnerResult | undefined>(undefined);
  /** The program waits in input() for a line typed in the console. */
  const [waiting, setWaiting] = useState(false);
  /** What the last run left to show beside its output: its steps, what it drew with turtle. */
  const [shown, setShown] = useState<Shown>({});
  const mounted = useMounted();
  const { reset: resetAnimation, exposed } = useControls();

  /**
   * Runs one request, or several in turn (the cases of a Check). Each run's output replaces the
   * last one's. `judge` turns a finished run into the message shown; while a run of several is
   * judged a pass, the next one starts, so the panel ends on the first failure or on the last pass.
   * `options.interactive`: input() waits for a line typed in the console; `options.trace`: run
   * under the step-through tracer (the trace is kept in `trace`).
   */
  const execute = useCallback(
    async (
      requests: RunRequest | readonly RunRequest[],
      judge?: (outcome: RunOutcome, index: number) => RunnerResult | undefined,
      options: { interactive?: boolean; trace?: boolean } = {},
    ): Promise<RunOutcome | undefined> => {
      const steps: readonly RunRequest[] = Array.isArray(requests) ? requests : [requests];
      setResult(undefined);
      setShown({});
      resetAnimation();
      setStatus('running');
      try {
        let outcome: RunOutcome | undefined;
        for (const [index, request] of steps.entries()) {
          setOutput([]);
          outcome = await runtime().run(request, {
            ...(options.interactive
              ? { onWaiting: (w: boolean) => mounted.current && setWaiting(w) }
              : {}),
            ...(options.trace ? { trace: true } : {}),
            onStatus: (s) => mounted.current && setStatus(s),
            onOutput: (chunk) => {
              if (!mounted.current) return;
              setOutput((old) => appendChunk(old, chunk));
            },
          });
          if (!mounted.current) return outcome;
          setShown({ trace: outcome.trace, drawing: outcome.drawing });
          const result = judge?.(outcome, index) ?? runResult(outcome, request.timeoutMs);
          if (result.kind !== 'pass' || index === steps.length - 1) {
            setResult(result);
            return outcome;
          }
        }
        return outcome;
      } catch (error) {
        if (mounted.current) {
          setResult(unavailable(error));
        }
        return undefined;
      } finally {
        if (mounted.current) {
          setStatus('idle');
          setWaiting(false);
        }
      }
    },
    [runtime, mounted, resetAnimation],
  );

  const clear = useCallback(() => {
    setOutput([]);
    setResult(undefined);
    setShown({});
    resetAnimation();
  }, [resetAnimation]);
  const closeTrace = useCallback(() => setShown((old) => ({ drawing: old.drawing })), []);
  return {
    status,
    output,
    result,
    waiting,
    trace: shown.trace,
    drawing: shown.drawing,
    ...exposed,
    execute,
    clear,
    closeTrace,
    /** Replaces the result shown (the server's verdict on a Check, when it differs). */
    amend: setResult,
  };
}
