import { useQuery } from '@tanstack/react-query';
import type { projectListReplySchema, projectReplySchema } from '#shared/api/projects.schema.ts';
import { useAuth } from '#client/features/auth/auth-context.tsx';
import { api, type Reply } from '#client/lib/api.ts';

/** Query keys: a step's Check refreshes the list the dashboard shows. */
export const projectKeys = {
  list: ['projects'] as const,
  one: (slug: string) => ['project', slug] as const,
};

/** The course's projects with the learner's steps solved (the dashboard's section). */
export function useProjects() {
  const { user } = useAuth();
  return useQuery({
    queryKey: projectKeys.list,
    queryFn: ({ signal }) => api<Reply<typeof projectListReplySchema>>('/api/projects', { signal }),
    enabled: user !== null,
    staleTime: 0,
  });
}

/** One project's page: its intro and its steps. */
export function useProject(slug: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: projectKeys.one(slug),
    queryFn: ({ signal }) =>
      api<Reply<typeof projectReplySchema>>(`/api/projects/${encodeURIComponent(slug)}`, {
        signal,
      }),
    enabled: user !== null,
  });
}
