import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type {
  exerciseProgressListSchema,
  ExerciseProgress,
} from '#shared/api/exercise-progress.schema.ts';
import { api, ApiError, type Reply } from '#client/lib/api.ts';
import { log } from '#client/lib/log.ts';
import { readDraft, removeDraft, writeDraft } from './drafts.ts';

const QUERY_KEY = ['exercise-progress'] as const;
/** Typing pauses this long before the code is saved. */
export const AUTOSAVE_DELAY_MS = 1_000;

/** The learner's saved work on every exercise, shared by all editors on the page. */
export function useSavedExercises() {
  return useQuery({
    queryKey: QUERY_KEY,
    queryFn: ({ signal }) =>
      api<Reply<typeof exerciseProgressListSchema>>('/api/exercise-progress', { signal }),
    staleTime: 0,
  });
}

async function send(exerciseId: string, code: string, solved: boolean): Promise<ExerciseProgress> {
  return api<ExerciseProgress>(`/api/exercise-progress/${encodeURIComponent(exerciseId)}`, {
    method: 'PUT',
    body: { code, solved },
  });
}

/**
 * Sends the code, claiming "solved" when Check passed. The server runs the check itself before it
 * records the claim (issue 21); should its run disagree with the browser's (422), the code is still
 * saved, as a draft, and the exercise stays unsolved.
 */
async function sendClaim(
  exerciseId: string,
  job: { code: string; solved: boolean },
): Promise<ExerciseProgress> {
  try {
    return await send(exerciseId, job.code, job.solved);
  } catch (error) {
    if (!(job.solved && error instanceof ApiError && error.status === 422)) throw error;
    log.warn('The server did not confirm the passing Check; saved as a draft', error);
    return send(exerciseId, job.code, false);
  }
}

export type SaveState = 'saved' | 'saving' | 'offline' | 'too-large' | 'idle';

/**
 * Debounced saving of one exercise. A failed save leaves a draft in localStorage, which is sent
 * again when the browser comes back online or the page is opened again.
 */
export function useExerciseAutosave(exerciseId: string, onState: (state: SaveState) => void) {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<{ code: string; solved: boolean } | undefined>(undefined);
  const stateRef = useRef(onState);
  useLayoutEffect(() => {
    stateRef.current = onState;
  });

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const job = pending.current;
    if (!job) return;
    pending.current = undefined;
    stateRef.current('saving');
    try {
      const saved = await sendClaim(exerciseId, job);
      removeDraft(localStorage, exerciseId);
      queryClient.setQueryData(QUERY_KEY, (old: { exercises: ExerciseProgress[] } | undefined) => ({
        exercises: [...(old?.exercises ?? []).filter((e) => e.exerciseId !== exerciseId), saved],
      }));
      stateRef.current('saved');
    } catch (error) {
      if (error instanceof ApiError && error.status === 413) {
        stateRef.current('too-large');
        return;
      }
      log.warn('Saving exercise progress failed; kept a local draft', error);
      stateRef.current('offline');
    }
  }, [exerciseId, queryClient]);

  const save = useCallback(
    (code: string, solved = false, immediately = false) => {
      const previous = pending.current;
      pending.current = { code, solved: solved || (previous?.solved ?? false) };
      // Written at once, so closing the tab before the debounce ends loses nothing.
      writeDraft(localStorage, exerciseId, { ...pending.current, at: Date.now() });
      clearTimeout(timer.current);
      if (immediately) void flush();
      else timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    },
    [exerciseId, flush],
  );

  useEffect(() => {
    const retry = () => {
      const draft = readDraft(localStorage, exerciseId);
      if (!draft || pending.current) return;
      pending.current = { code: draft.code, solved: draft.solved };
      void flush();
    };
    window.addEventListener('online', retry);
    const beforeUnload = () => void flush();
    window.addEventListener('pagehide', beforeUnload);
    return () => {
      window.removeEventListener('online', retry);
      window.removeEventListener('pagehide', beforeUnload);
      clearTimeout(timer.current);
    };
  }, [exerciseId, flush]);

  return { save, flush };
}
