import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CodeHistoryReply, CodeVersion } from '#shared/api/code-history.schema.ts';
import type {
  ReviewAnswerBody,
  ReviewAnswerReply,
  ReviewQueueReply,
} from '#shared/api/review.schema.ts';
import type { RhythmReply, RhythmSettingsBody } from '#shared/api/rhythm.schema.ts';
import type { SearchReply } from '#shared/api/search.schema.ts';
import { useAuth } from '#client/features/auth/auth-context.tsx';
import { api } from '#client/lib/api.ts';

/** Query keys of issue 20's calls, so an answer or a Check refreshes what it changed. */
export const learningKeys = {
  review: (userId: string) => ['review', userId] as const,
  rhythm: (userId: string) => ['rhythm', userId] as const,
  search: (q: string) => ['search', q] as const,
  history: (userId: string, exerciseId: string) => ['code-history', userId, exerciseId] as const,
};

function useUserId(): string {
  return useAuth().user?._id ?? '';
}
const userPath = (userId: string) => `/api/user/${encodeURIComponent(userId)}`;

export function useReviewQueue() {
  const userId = useUserId();
  return useQuery({
    queryKey: learningKeys.review(userId),
    queryFn: ({ signal }) => api<ReviewQueueReply>(`${userPath(userId)}/review`, { signal }),
    enabled: userId !== '',
    staleTime: 0,
  });
}

export function useAnswerReview() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewAnswerBody) =>
      api<ReviewAnswerReply>(`${userPath(userId)}/review/answers`, { method: 'POST', body }),
    // The rhythm counts a review answer as a study day.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: learningKeys.rhythm(userId) }),
  });
}

export function useRhythm() {
  const userId = useUserId();
  return useQuery({
    queryKey: learningKeys.rhythm(userId),
    queryFn: ({ signal }) => api<RhythmReply>(`${userPath(userId)}/rhythm`, { signal }),
    enabled: userId !== '',
    staleTime: 0,
  });
}

export function useSaveRhythm() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RhythmSettingsBody) =>
      api<RhythmReply>(`${userPath(userId)}/rhythm`, { method: 'PUT', body }),
    onSuccess: (reply) => queryClient.setQueryData(learningKeys.rhythm(userId), reply),
  });
}

export function useSearch(q: string) {
  return useQuery({
    queryKey: learningKeys.search(q),
    queryFn: ({ signal }) => api<SearchReply>(`/api/search?q=${encodeURIComponent(q)}`, { signal }),
    enabled: q.trim().length >= 2,
    staleTime: 5 * 60_000,
  });
}

export function useCodeHistory(exerciseId: string, enabled: boolean) {
  const userId = useUserId();
  return useQuery({
    queryKey: learningKeys.history(userId, exerciseId),
    queryFn: ({ signal }) =>
      api<CodeHistoryReply>(`${userPath(userId)}/code-history/${exerciseId}`, { signal }),
    enabled: enabled && userId !== '',
    staleTime: 0,
  });
}

export function useCodeVersion(exerciseId: string, versionId: string | null) {
  const userId = useUserId();
  return useQuery({
    queryKey: [...learningKeys.history(userId, exerciseId), versionId ?? ''],
    queryFn: ({ signal }) =>
      api<CodeVersion>(`${userPath(userId)}/code-history/${exerciseId}/${versionId ?? ''}`, {
        signal,
      }),
    enabled: versionId !== null && userId !== '',
    // A kept version never changes.
    staleTime: Infinity,
  });
}

/**
 * After a Check was stored (the runner sends it, with its code, issue 30): the list of versions
 * (when open) and the rhythm are read again.
 */
export function useCheckRecorded(exerciseId: string): () => void {
  const userId = useUserId();
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: learningKeys.history(userId, exerciseId) });
    void queryClient.invalidateQueries({ queryKey: learningKeys.rhythm(userId) });
  }, [queryClient, userId, exerciseId]);
}

/** "Tue 3 Mar, 14:05" in the learner's own zone and language. */
export function shortDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}
