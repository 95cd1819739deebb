/*
 * A stand-in for the Python runtime in component tests: it "runs" a program by printing the string
 * literals of its print("...") calls, one line each, which is enough to make a Check pass or fail
 * without loading Pyodide. Every request is kept, so a test can see what was sent.
 */
import type { RunRequest } from '#shared/content/python-checks.ts';
import type { RunHooks } from '#client/features/runner/python-runtime.ts';
import type { RunOutcome } from '#client/features/runner/run-results.ts';
import type { Runtime } from '#client/features/runner/runtime-context.tsx';

export interface FakeRuntime extends Runtime {
  readonly requests: RunRequest[];
}

export function fakeRuntime(): FakeRuntime {
  const requests: RunRequest[] = [];
  return {
    requests,
    preload: () => Promise.resolve(),
    stop: () => undefined,
    run(request: RunRequest, hooks: RunHooks = {}): Promise<RunOutcome> {
      requests.push(request);
      const lines = Array.from(request.code.matchAll(/print\("([^"]*)"\)/g), (m) => m[1] ?? '');
      const stdout = lines.map((line) => `${line}\n`).join('');
      hooks.onStatus?.('running');
      if (stdout) hooks.onOutput?.({ stream: 'stdout', text: stdout });
      return Promise.resolve({ stdout, stderr: '', error: null, timedOut: false, stopped: false });
    },
  };
}
