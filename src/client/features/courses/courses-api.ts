import { queryOptions, useQuery } from '@tanstack/react-query';
import type { lessonReplySchema } from '#shared/api/lesson.schema.ts';
import type { modulesReplySchema } from '#shared/api/modules.schema.ts';
import type { progressReplySchema } from '#shared/api/progress.schema.ts';
import type {
  quizListReplySchema,
  quizReplySchema,
  quizScoresReplySchema,
} from '#shared/api/quiz.schema.ts';
import { useAuth } from '#client/features/auth/auth-context.tsx';
import { api, type Reply } from '#client/lib/api.ts';
import { log } from '#client/lib/log.ts';

/** Query keys, so a submitted quiz can refresh the scores and progress it changed. */
export const courseKeys = {
  modules: ['modules'] as const,
  quizzes: ['quizzes'] as const,
  quiz: (title: string) => ['quiz', title] as const,
  scores: (userId: string) => ['quiz-scores', userId] as const,
  progress: ['progress'] as const,
  lesson: (module: number) => ['lesson', module] as const,
};

/** SPEC 4: without a user the course fetches are skipped and only logged. */
function useSignedIn(): string | null {
  const { user } = useAuth();
  if (!user) log.error('User not logged in.');
  return user?._id ?? null;
}

export function useModules() {
  return useQuery({
    queryKey: courseKeys.modules,
    queryFn: ({ signal }) => api<Reply<typeof modulesReplySchema>>('/api/modules', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useQuizzes() {
  const userId = useSignedIn();
  return useQuery({
    queryKey: courseKeys.quizzes,
    queryFn: ({ signal }) => api<Reply<typeof quizListReplySchema>>('/api/quizzes', { signal }),
    enabled: userId !== null,
    staleTime: 5 * 60_000,
  });
}

export function useQuizScores() {
  const userId = useSignedIn();
  return useQuery({
    queryKey: courseKeys.scores(userId ?? ''),
    queryFn: ({ signal }) =>
      api<Reply<typeof quizScoresReplySchema>>(
        `/api/user/${encodeURIComponent(userId ?? '')}/quiz-scores`,
        {
          signal,
        },
      ),
    enabled: userId !== null,
    staleTime: 0,
  });
}

export function useProgress() {
  const userId = useSignedIn();
  return useQuery({
    queryKey: courseKeys.progress,
    queryFn: ({ signal }) => api<Reply<typeof progressReplySchema>>('/api/progress', { signal }),
    enabled: userId !== null,
    staleTime: 0,
  });
}

/**
 * A module's lesson as a query: the lesson page's, and the one a lesson drawn on the server is
 * hydrated with (app/start.tsx and entry-server.tsx fill a query client with it, decision 0023).
 */
export function lessonQuery(module: number) {
  return queryOptions({
    queryKey: courseKeys.lesson(module),
    queryFn: ({ signal }) =>
      api<Reply<typeof lessonReplySchema>>(`/api/lessons/module${module}`, { signal }),
    staleTime: 10 * 60_000,
  });
}

export function useLesson(module: number | null) {
  const userId = useSignedIn();
  return useQuery({ ...lessonQuery(module ?? 0), enabled: userId !== null && module !== null });
}

/** SPEC 5: the quiz is looked up with the hyphens of its URL title turned back into spaces. */
export function useQuiz(urlTitle: string) {
  const userId = useSignedIn();
  const title = urlTitle.replace(/-/g, ' ');
  return useQuery({
    queryKey: courseKeys.quiz(title),
    queryFn: ({ signal }) =>
      api<Reply<typeof quizReplySchema>>(`/api/quiz-by-title/${encodeURIComponent(title)}`, {
        signal,
      }),
    enabled: userId !== null && title.trim() !== '',
    staleTime: 10 * 60_000,
  });
}
