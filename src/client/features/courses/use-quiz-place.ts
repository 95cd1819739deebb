import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type {
  QuizProgress,
  QuizProgressReply,
  QuizReply,
  SaveQuizProgressBody,
} from '#shared/api/quiz.schema.ts';
import { useAuth } from '#client/features/auth/auth-context.tsx';
import { api } from '#client/lib/api.ts';
import { log } from '#client/lib/log.ts';
import {
  fitsQuiz,
  furtherPlace,
  placeOf,
  readPlace,
  removePlace,
  writePlace,
  type QuizPlace,
} from './quiz-place.ts';

const placeUrl = (userId: string, quizId: string) =>
  `/api/user/${encodeURIComponent(userId)}/quiz-progress/${encodeURIComponent(quizId)}`;

/**
 * The kept place of one quiz (decision 0037): where to start (`initial`, once `ready`), `keep` on
 * every step and `forget` once graded. Every place is written to the device at once and sent to
 * the server one at a time, newest only, so a slow request never lands after a newer one; a failed
 * send stays on the device and goes with the next step or the next visit.
 */
export function useQuizPlace(quiz: QuizReply) {
  const { user } = useAuth();
  const userId = user?._id ?? '';
  const server = useQuery({
    queryKey: ['quiz-progress', userId, quiz._id],
    queryFn: ({ signal }) => api<QuizProgressReply>(placeUrl(userId, quiz._id), { signal }),
    enabled: userId !== '',
    // Read afresh on every visit: a cached copy from before a submit would bring back a stale place.
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
  // Without the server (offline, or it failed) the device's copy is the place.
  const ready = userId === '' || !server.isPending;

  const initial = useMemo((): QuizPlace | undefined => {
    if (!ready) return undefined;
    const device = readPlace(localStorage, userId, quiz._id);
    const place = furtherPlace(device, placeOf(server.data?.progress));
    return place && fitsQuiz(place, quiz.questions) ? place : undefined;
    // Chosen once, when the server answers; later steps come from the page itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);

  const waiting = useRef<QuizPlace | null>(null);
  const sending = useRef<Promise<void>>(Promise.resolve());

  const send = useCallback(async () => {
    for (let place = waiting.current; place; place = waiting.current) {
      waiting.current = null;
      const body: SaveQuizProgressBody = place;
      try {
        await api<QuizProgress>(placeUrl(userId, quiz._id), { method: 'PUT', body });
      } catch (err) {
        // Kept on the device; the next step or visit sends it again.
        log.error('Saving the quiz place failed', err);
        return;
      }
    }
  }, [userId, quiz._id]);

  const keep = useCallback(
    (place: QuizPlace) => {
      if (userId === '') return;
      writePlace(localStorage, userId, quiz._id, place);
      const idle = waiting.current === null;
      waiting.current = place;
      if (idle) sending.current = sending.current.then(send);
    },
    [userId, quiz._id, send],
  );

  // A place the device kept while the server could not be reached goes to the server now, so the
  // learner's other devices find it too.
  useEffect(() => {
    if (!initial) return;
    const stored = placeOf(server.data?.progress);
    const same =
      stored?.index === initial.index && stored.answers.join('\n') === initial.answers.join('\n');
    if (!same) keep(initial);
    // Once, for the place the quiz opened at.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initial]);

  /** Resolves once every place sent so far has been answered, so a submit lands after them. */
  const settled = useCallback(() => sending.current, []);

  const forget = useCallback(() => {
    waiting.current = null;
    removePlace(localStorage, userId, quiz._id);
    // The server forgot its copy when it graded the quiz (quiz.service.ts).
  }, [userId, quiz._id]);

  return { ready, initial, keep, settled, forget };
}
export type QuizPlaceKeeper = ReturnType<typeof useQuizPlace>;
