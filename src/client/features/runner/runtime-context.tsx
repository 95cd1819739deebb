import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { RunRequest } from '#shared/content/python-checks.ts';
import { pythonRuntime, type RunHooks } from './python-runtime.ts';
import type { RunOutcome } from './run-results.ts';

/** What the editors need from Python: the page's PythonRuntime, or a stand-in in a component test. */
export interface Runtime {
  preload(): Promise<void>;
  run(request: RunRequest, hooks?: RunHooks): Promise<RunOutcome>;
  stop(): void;
  /** Answers the input() the program waits in (a runtime without the relay never waits). */
  answer?(text: string): void;
  /** input() can be answered while the program runs; otherwise Run takes its input up front. */
  interactive?(): boolean;
}

/*
 * Without a provider (the real pages) every editor gets the page's one shared runtime, created on
 * first use, so nothing loads Pyodide before a learner needs it.
 */
const RuntimeContext = createContext<Runtime | null>(null);

/** Gives the editors below a runtime of the caller's choosing (component tests use a fake one). */
export function RuntimeProvider({ runtime, children }: { runtime: Runtime; children: ReactNode }) {
  return <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>;
}

/** The runtime to use: the provided one, else the page's shared PythonRuntime (made on first call). */
export function useRuntime(): () => Runtime {
  const provided = useContext(RuntimeContext);
  // Stable, so the callbacks and effects that depend on it do not change on every render.
  return useMemo(() => (provided ? () => provided : pythonRuntime), [provided]);
}
