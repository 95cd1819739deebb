/*
 * Component-test support (never imported by the app): renders a page with the app's real providers
 * (auth, TanStack Query, a memory router) in front of a small in-memory stand-in for our HTTP API,
 * so a test drives the page through the same fetch calls the browser makes.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { ApiUser } from '#shared/api/user.schema.ts';
import { AuthProvider, USER_STORAGE_KEY } from '#client/features/auth/auth-context.tsx';

// The lazily loaded editor can take seconds to arrive on a busy machine: findBy and waitFor wait up
// to 5 s for what they look for (a limit of patience, not a measure of speed).
configure({ asyncUtilTimeout: 5_000 });

export const subscriber: ApiUser = {
  _id: 'u1',
  googleId: 'g1',
  name: 'Ada Learner',
  email: 'ada@example.com',
  picture: null,
  stripeSubscriptionId: 'order-1',
};

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/** One endpoint's answer: a JSON body (status 200), or a Response of its own (any status, any body). */
export type Handler = (call: ApiCall) => unknown;

/**
 * Replaces fetch with a router over `handlers` (keys like "GET /api/quizzes", or a prefix ending
 * in "*"); an unknown call answers 404. Returns every call made, for assertions.
 */
export function fakeApi(handlers: Record<string, Handler>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = typeof input === 'string' ? input : input.toString();
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const call = { method, path, body };
      calls.push(call);
      const key = `${method} ${path}`;
      const handler =
        handlers[key] ??
        Object.entries(handlers).find(
          ([k]) => k.endsWith('*') && key.startsWith(k.slice(0, -1)),
        )?.[1];
      if (!handler) {
        return Response.json(
          { error: { code: 'not_found', message: 'No such route' } },
          { status: 404 },
        );
      }
      const answer = handler(call);
      return answer instanceof Response ? answer : Response.json(answer);
    }),
  );
  return calls;
}

/** Renders `element` at `path` (matched by `pattern`) for a signed-in subscriber. */
export function renderPage(element: ReactNode, path: string, pattern = path) {
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(subscriber));
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return {
    queryClient,
    ...render(
      <AuthProvider>
        <QueryClientProvider client={queryClient}>
          {/* A data router, as the app's own (app-root.tsx), so pages may use its blocker. */}
          <RouterProvider
            router={createMemoryRouter(
              [
                { path: pattern, element },
                { path: '*', element: <p>Another page</p> },
              ],
              { initialEntries: [path] },
            )}
          />
        </QueryClientProvider>
      </AuthProvider>,
    ),
  };
}
