import type { QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AuthProvider } from '#client/features/auth/auth-context.tsx';
import { createQueryClientHolder, QueryClientHolder } from './query-client-holder.ts';

/**
 * What a page drawn on the server for a learner was drawn with (decision 0023): the stored user and
 * the query client holding its data. The browser hydrates with the same, so the markup matches.
 */
export interface DrawnWith {
  user: string;
  queryClient: QueryClient;
}

export function Providers({ children, drawnWith }: { children: ReactNode; drawnWith?: DrawnWith }) {
  // One query client per app instance (not per module) so a server render never shares a cache between
  // users. It is created by QueryLayout, with the first page that fetches data.
  const [queryClient] = useState(() => createQueryClientHolder(drawnWith?.queryClient));
  return (
    <QueryClientHolder.Provider value={queryClient}>
      <AuthProvider drawnFor={drawnWith?.user}>{children}</AuthProvider>
    </QueryClientHolder.Provider>
  );
}
