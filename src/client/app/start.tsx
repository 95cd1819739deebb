import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { dropEarlyAnswers } from '#client/lib/early-data.ts';
import { Providers } from './providers.tsx';
import { routes } from './router.tsx';

/*
 * Starts the app: hydrates a pre-rendered page, or renders one from scratch. Loaded by main.tsx once
 * the pre-rendered HTML has been painted (decision 0021).
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
  // A transition hydrates in slices that let the browser answer input in between, instead of one
  // long task: the page is readable already, and a click waits no longer than a slice.
  startTransition(() => {
    hydrateRoot(container, app());
  });
} else {
  createRoot(container).render(app());
}

function app() {
  const router = createBrowserRouter(routes);
  // Answers the shell asked for belong to the page it opened (decision 0021).
  const opened = router.state.location;
  const stop = router.subscribe((state) => {
    if (state.location === opened) return;
    dropEarlyAnswers();
    stop();
  });
  return (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
}
