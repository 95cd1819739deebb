import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type {
  exerciseProgressListSchema,
  ExerciseCheckReply,
  ExerciseProgress,
} from '#shared/api/exercise-progress.schema.ts';
import { useCheckRecorded } from '#client/features/learning/code-history.tsx';
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

async function send(exerciseId: string, code: string): Promise<ExerciseProgress> {
  return api<ExerciseProgress>(`/api/exercise-progress/${encodeURIComponent(exerciseId)}`, {
    method: 'PUT',
    body: { code },
  });
}

/** One Check, one request: the server runs the check and keeps the code and its verdict (issue 30). */
function sendCheck(exerciseId: string, code: string, browserPassed: boolean) {
  return api<ExerciseCheckReply>(
    `/api/exercise-progress/${encodeURIComponent(exerciseId)}/checks`,
    { method: 'POST', body: { code, browserPassed } },
  );
}

export type SaveState = 'saved' | 'saving' | 'offline' | 'too-large' | 'idle';

/**
 * Makes `job` the one waiting to be sent, and its draft. A Check not yet sent is not turned back
 * into plain typing by an edit made after it. Written at once, so closing the tab loses nothing.
 */
function keepJob(exerciseId: string, pending: RefObject<Job | undefined>, job: Job): void {
  const check = job.check ?? pending.current?.check;
  pending.current = { code: job.code, ...(check ? { check } : {}) };
  writeDraft(localStorage, exerciseId, { ...pending.current, at: Date.now() });
}

/** Sends typed code, or a Check (whose reply goes to `onChecked`); resolves with the saved code. */
async function sendJob(
  exerciseId: string,
  job: Job,
  onChecked: (reply: ExerciseCheckReply, browserPassed: boolean) => void,
): Promise<ExerciseProgress> {
  if (!job.check) return send(exerciseId, job.code);
  const reply = await sendCheck(exerciseId, job.code, job.check.browserPassed);
  onChecked(reply, job.check.browserPassed);
  return reply.progress;
}

/** What is waiting to be sent: typed code, or a Check with the browser's verdict. */
type Job = { code: string; check?: { browserPassed: boolean } | undefined };

/**
 * Debounced saving of one exercise, and its Checks. Typed code is saved after a pause; a Check is
 * sent at once, as the one request that saves its code too. Whatever fails to reach the server stays
 * a draft in localStorage and is sent again when the browser comes back online or the page is
 * opened again (a Check as a Check).
 */
export function useExerciseAutosave(
  exerciseId: string,
  onState: (state: SaveState) => void,
  /** The server's answer to a Check (it decides what the page shows). */
  onChecked?: (reply: ExerciseCheckReply, browserPassed: boolean) => void,
) {
  const queryClient = useQueryClient();
  const checkRecorded = useCheckRecorded(exerciseId);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<Job | undefined>(undefined);
  const stateRef = useRef(onState);
  const checkedRef = useRef(onChecked);
  useLayoutEffect(() => {
    stateRef.current = onState;
    checkedRef.current = onChecked;
  });

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const job = pending.current;
    if (!job) return;
    pending.current = undefined;
    stateRef.current('saving');
    try {
      const saved = await sendJob(exerciseId, job, (reply, browserPassed) => {
        checkRecorded();
        checkedRef.current?.(reply, browserPassed);
      });
      // A newer edit written while this one was on its way stays as the draft.
      if (!pending.current) removeDraft(localStorage, exerciseId);
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
  }, [exerciseId, queryClient, checkRecorded]);

  const keep = useCallback((job: Job) => keepJob(exerciseId, pending, job), [exerciseId]);

  /** Typed code: saved after a pause (at once with `immediately`). */
  const save = useCallback(
    (code: string, immediately = false) => {
      keep({ code });
      clearTimeout(timer.current);
      if (immediately) void flush();
      else timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    },
    [keep, flush],
  );

  /** A Check: its code and the browser's verdict, sent at once as the one request. */
  const check = useCallback(
    (code: string, browserPassed: boolean) => {
      keep({ code, check: { browserPassed } });
      void flush();
    },
    [keep, flush],
  );

  useEffect(() => {
    const retry = () => {
      const draft = readDraft(localStorage, exerciseId);
      if (!draft || pending.current) return;
      pending.current = { code: draft.code, ...(draft.check ? { check: draft.check } : {}) };
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

  return { save, check, flush };
}
