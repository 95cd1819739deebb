import { useCallback, useEffect, useRef, useState } from 'react';
import type { RunRequest } from '#shared/content/python-checks.ts';
import {
  describeError,
  STOPPED_MESSAGE,
  timeoutMessage,
  type ErrorReport,
} from './friendly-errors.ts';
import { pythonRuntime, type RunOutcome } from './python-runtime.ts';
import type { OutputChunk } from './worker-protocol.ts';

export type RunnerStatus = 'idle' | 'loading' | 'running';

export type RunnerResult =
  | { kind: 'finished'; text: string }
  | { kind: 'error'; text: string; report: ErrorReport }
  | { kind: 'timeout' | 'stopped' | 'unavailable'; text: string }
  | { kind: 'pass' | 'fail'; text: string; expected?: string; actual?: string };

/** Loads Python in the background once the page has settled, so the first Run is quick. */
export function usePreloadWhenIdle(): void {
  useEffect(() => {
    const start = () =>
      void pythonRuntime()
        .preload()
        .catch(() => undefined);
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(start, { timeout: 5_000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = setTimeout(start, 2_000);
    return () => clearTimeout(handle);
  }, []);
}

/** The state of one editor's runs: streamed output, status and the last result. */
export function useRunner() {
  const [status, setStatus] = useState<RunnerStatus>('idle');
  const [output, setOutput] = useState<OutputChunk[]>([]);
  const [result, setResult] = useState<RunnerResult | undefined>(undefined);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const execute = useCallback(
    async (
      request: RunRequest,
      judge?: (outcome: RunOutcome) => RunnerResult | undefined,
    ): Promise<RunOutcome | undefined> => {
      setOutput([]);
      setResult(undefined);
      setStatus('running');
      try {
        const outcome = await pythonRuntime().run(request, {
          onStatus: (s) => mounted.current && setStatus(s),
          onOutput: (chunk) => {
            if (!mounted.current) return;
            setOutput((old) => {
              const last = old[old.length - 1];
              if (last && last.stream === chunk.stream) {
                return [...old.slice(0, -1), { stream: last.stream, text: last.text + chunk.text }];
              }
              return [...old, chunk];
            });
          },
        });
        if (!mounted.current) return outcome;
        setResult(judge?.(outcome) ?? plainResult(outcome, request.timeoutMs));
        return outcome;
      } catch (error) {
        if (mounted.current) {
          setResult({
            kind: 'unavailable',
            text: error instanceof Error ? error.message : 'Python could not be started.',
          });
        }
        return undefined;
      } finally {
        if (mounted.current) setStatus('idle');
      }
    },
    [],
  );

  const stop = useCallback(() => pythonRuntime().stop(), []);
  const clear = useCallback(() => {
    setOutput([]);
    setResult(undefined);
  }, []);

  return { status, output, result, execute, stop, clear };
}

/** The result of a plain Run: finished, an error explained, or stopped. */
export function plainResult(outcome: RunOutcome, timeoutMs?: number): RunnerResult {
  if (outcome.stopped) return { kind: 'stopped', text: STOPPED_MESSAGE };
  if (outcome.timedOut) return { kind: 'timeout', text: timeoutMessage(timeoutMs) };
  if (outcome.error) {
    const report = describeError(outcome.error);
    return {
      kind: 'error',
      text: `${report.where ? `${report.where}: ` : ''}${report.summary}`,
      report,
    };
  }
  const printed = outcome.stdout.length > 0 || outcome.stderr.length > 0;
  return {
    kind: 'finished',
    text: printed ? 'Your program finished.' : 'Your program finished without printing anything.',
  };
}
