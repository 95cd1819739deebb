/*
 * What a project's page (courses/project-page.tsx) needs of the runner besides the workbench: the
 * learner's latest code and solved state of a step as the workbench itself would open it (saved on
 * the server, or a newer draft on this device), and a plain run for "what the program does so far".
 */
import { useCallback } from 'react';
import type { ExerciseProgress } from '#shared/api/exercise-progress.schema.ts';
import { readDraft, startingPoint } from './drafts.ts';
import { useRuntime } from './runtime-context.tsx';

export { useSavedExercises } from './use-exercise-progress.ts';

/** The step's code as its editor would open: a newer draft, the saved code, else `fallback`. */
export function latestCode(
  id: string,
  saved: readonly ExerciseProgress[],
  fallback: string,
): { code: string; solved: boolean } {
  const entry = saved.find((e) => e.exerciseId === id);
  const start = startingPoint(fallback, entry, readDraft(localStorage, id));
  return { code: start.code, solved: start.solved };
}

/** Runs `code` with `stdin` once, as Run does without a console: what it printed, then its error line. */
export function useSampleRun(): (code: string, stdin: string) => Promise<string> {
  const runtime = useRuntime();
  return useCallback(
    async (code, stdin) => {
      const outcome = await runtime().run({ code, stdin });
      return outcome.stdout + (outcome.error ? `\n${outcome.error.line}` : '');
    },
    [runtime],
  );
}
