import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { dropEarlyAnswers } from '#client/lib/early-data.ts';
import { Providers } from './providers.tsx';
import { routes } from './router.tsx';

/*
 * Starts the app: hydrates a pre-rendered page, or renders one from scratch. Loaded by main.tsx once
 * the pre-rendered HTML has been painted (decision 0021). This module finishes loading only when the
 * hydrated page is live, so main.tsx knows when to hand over the clicks it held meanwhile.
 */

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// Pre-rendered pages arrive with markup to hydrate; everything else renders from scratch.
if (container.hasChildNodes()) {
  // The page's lazy route modules must be in place before hydrating, or the first render would not
  // match the pre-rendered markup (scripts/prerender.ts preloads them, so this costs no round trip).
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  // A transition hydrates in slices that let the browser paint and scroll in between, instead of one
  // long task: the page is readable already, and clicks meanwhile are held by main.tsx.
  await new Promise<void>((hydrated) => {
    startTransition(() => {
      hydrateRoot(container, app(hydrated));
    });
  });
} else {
  createRoot(container).render(app());
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

function app(committed?: () => void) {
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
      <Providers>{committed ? <Committed then={committed}>{page}</Committed> : page}</Providers>
    </StrictMode>
  );
}
