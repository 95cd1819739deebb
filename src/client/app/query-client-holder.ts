import type { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react';

/**
 * Holds this app instance's QueryClient. The holder sits in Providers (tiny, on every page); the client
 * and TanStack Query itself load only with the pages that fetch data (query-layout.tsx, router.tsx),
 * so the pre-rendered marketing pages stay within their JavaScript budget.
 */
export interface QueryClientHolderValue {
  /** This app instance's client, made by `create` the first time it is asked for. */
  get(create: () => QueryClient): QueryClient;
}

export const QueryClientHolder = createContext<QueryClientHolderValue | null>(null);

/** A holder, empty or holding a client already filled with what a server-drawn page showed. */
export function createQueryClientHolder(filled?: QueryClient): QueryClientHolderValue {
  let client: QueryClient | null = filled ?? null;
  return {
    get(create) {
      client ??= create();
      return client;
    },
  };
}
