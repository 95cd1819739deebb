import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useContext } from 'react';
import { Outlet } from 'react-router';
import { QueryClientHolder } from './query-client-holder.ts';

/** The app's query client, with the defaults every page's queries share. */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/**
 * Gives the pages below it TanStack Query. One client per app instance (kept in Providers), so a server
 * render never shares a cache between users and the cache survives moving between pages.
 */
export function QueryLayout() {
  const holder = useContext(QueryClientHolder);
  if (!holder) throw new Error('QueryLayout must be inside <Providers>.');
  const client = holder.get(createAppQueryClient);
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
