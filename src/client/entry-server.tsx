/*
 * Renders one page of the app to HTML on the build machine (scripts/prerender.ts). The same routes and
 * providers as the browser (main.tsx), with no user signed in, so that hydration matches.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { HeadCollectorContext, type PageMeta } from './lib/page-title.ts';

export interface RenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /** What the page said about itself through usePageTitle, or null when it said nothing. */
  meta: PageMeta | null;
  status: number;
}

export async function renderPage(path: string): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.local')));
  if (context instanceof Response) {
    throw new Error(`${path} answered with a redirect or response (${context.status}), not a page`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  let meta: PageMeta | null = null;
  const head = {
    record(next: PageMeta) {
      meta = next;
    },
  };
  const render = () =>
    renderToString(
      <StrictMode>
        <HeadCollectorContext.Provider value={head}>
          <Providers>
            {/* No loaders run: no data to hand over, so no inline script (the CSP allows none). */}
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </Providers>
        </HeadCollectorContext.Provider>
      </StrictMode>,
    );
  // A lazy part of a page (React.lazy) suspends on its first render and leaves a client-rendered gap
  // ('<!--$!-->'); once its module has loaded, the next render has it inline. Streaming renderers
  // would fill the gap with an inline script instead, which the Content-Security-Policy forbids.
  let html = render();
  for (let attempt = 0; html.includes('<!--$!-->') && attempt < 20; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    html = render();
  }
  if (html.includes('<!--$!-->')) throw new Error(`${path}: a lazy part of the page never loaded`);
  return { html, meta, status: context.statusCode };
}
