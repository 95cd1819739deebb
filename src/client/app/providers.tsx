import { useState, type ReactNode } from 'react';
import { AuthProvider } from '#client/features/auth/auth-context.tsx';
import { createQueryClientHolder, QueryClientHolder } from './query-client-holder.ts';

export function Providers({ children }: { children: ReactNode }) {
  // One query client per app instance (not per module) so a server render never shares a cache between
  // users. It is created by QueryLayout, with the first page that fetches data.
  const [queryClient] = useState(createQueryClientHolder);
  return (
    <QueryClientHolder.Provider value={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientHolder.Provider>
  );
}
