import { useCallback, useEffect, useRef, useState } from 'react';
import type { RunRequest } from '#shared/content/python-checks.ts';
import { pythonRuntime } from './python-runtime.ts';
import { runResult, type RunnerResult, type RunOutcome } from './run-results.ts';
import type { OutputChunk } from './worker-protocol.ts';

export type RunnerStatus = 'idle' | 'loading' | 'running';

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
        setResult(judge?.(outcome) ?? runResult(outcome, request.timeoutMs));
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
