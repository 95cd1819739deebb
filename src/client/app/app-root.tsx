import { StrictMode, useEffect, type ReactNode } from 'react';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { lessonModuleNumber } from '#shared/routes.ts';
import { adoptDrawnUser } from '#client/features/auth/auth-context.tsx';
import { dropEarlyAnswers } from '#client/lib/early-data.ts';
import { Providers, type DrawnWith } from './providers.tsx';
import { routes } from './router.tsx';

/*
 * The app as the browser runs it, and what it needs before hydrating a page drawn ahead of it
 * (app/start.tsx starts it; apart from that file so a test can hydrate server-drawn markup too).
 */

/**
 * Loads the lazy route modules of the current address: they must be in place before hydrating, or
 * the first render would not match the markup drawn ahead (the page preloads them, so this costs no
 * round trip).
 */
export async function loadCurrentRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/**
 * What a subscriber's lesson was drawn with on the server (decision 0023): the stored user and the
 * lesson, taken from the request main.tsx started once the page had painted.
 * Undefined when this device holds someone else or nobody, or the lesson cannot be had: the page is
 * then drawn afresh.
 */
export async function drawnLesson(user: string): Promise<DrawnWith | undefined> {
  const segment = window.location.pathname.split('/').filter(Boolean).pop() ?? '';
  const module = lessonModuleNumber(segment);
  if (module === null || !adoptDrawnUser(user)) return undefined;
  const [{ createAppQueryClient }, { lessonQuery }] = await Promise.all([
    import('./query-layout.tsx'),
    import('#client/features/courses/courses-api.ts'),
  ]);
  const queryClient = createAppQueryClient();
  try {
    await queryClient.fetchQuery(lessonQuery(module));
  } catch {
    return undefined;
  }
  return { user, queryClient };
}

/**
 * Calls back once its children are committed and have settled: a passive effect, then a task, so
 * the render that follows hydration (the signed-in user read from localStorage in place of the
 * pre-rendered page's nobody) is done before main.tsx gives the held clicks; until then it keeps
 * holding them, so React sees none twice. It wraps the page rather than sitting beside it: a
 * sibling would change every useId below it, and with it the ids in the pre-rendered markup that
 * aria-labelledby points to.
 */
function Committed({ then, children }: { then: () => void; children: ReactNode }) {
  useEffect(() => {
    const task = setTimeout(then, 0);
    return () => clearTimeout(task);
  }, [then]);
  return children;
}

/**
 * The app at the browser's address. `committed` is called once a hydrated page has settled;
 * `drawnWith` is what a page drawn for a learner on the server was drawn with.
 */
export function appRoot(committed?: () => void, drawnWith?: DrawnWith) {
  const router = createBrowserRouter(routes);
  // Answers the shell asked for belong to the page it opened (decision 0021).
  const opened = router.state.location;
  const stop = router.subscribe((state) => {
    if (state.location === opened) return;
    dropEarlyAnswers();
    stop();
  });
  const page = <RouterProvider router={router} />;
  return (
    <StrictMode>
      <Providers drawnWith={drawnWith}>
        {committed ? <Committed then={committed}>{page}</Committed> : page}
      </Providers>
    </StrictMode>
  );
}
