/*
 * Renders pages of the app to HTML on the server: the public pages on the build machine, as anyone
 * sees them (scripts/prerender.ts), and a subscriber's lesson per request (decision 0023, built
 * beside the client and loaded by the server's courses feature). The same routes and providers as
 * the browser (app/start.tsx), given the same user and data, so that hydration matches.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { LessonReply } from '#shared/api/lesson.schema.ts';
import { lessonQuery } from './features/courses/courses-api.ts';
import { Providers, type DrawnWith } from './app/providers.tsx';
import { createAppQueryClient } from './app/query-layout.tsx';
import { routes } from './app/router.tsx';
import { HeadCollectorContext, type PageMeta } from './lib/page-title.ts';

export interface RenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /** What the page said about itself through usePageTitle, or null when it said nothing. */
  meta: PageMeta | null;
  status: number;
}

/**
 * Renders a public page as anyone sees it: no user signed in, no data (scripts/prerender.ts, at
 * build time).
 */
export function renderPage(path: string): Promise<RenderedPage> {
  return render(path);
}

/**
 * Renders a subscriber's lesson page on the server, per request (decision 0023): signed in as the
 * stored user `user` (the JSON the app keeps in localStorage) with the lesson already in the query
 * client. The browser hydrates it given the same two, so the markup matches. Parts that wait for
 * more data (the editors wait for the learner's saved code) are drawn as they first are in the
 * browser, and fill in after hydration.
 */
export function renderLesson(
  path: string,
  user: string,
  lesson: LessonReply,
): Promise<RenderedPage> {
  const queryClient = createAppQueryClient();
  queryClient.setQueryData(lessonQuery(lesson.module.number).queryKey, lesson);
  return render(path, { user, queryClient });
}

async function render(path: string, drawnWith?: DrawnWith): Promise<RenderedPage> {
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
  const toHtml = () =>
    renderToString(
      <StrictMode>
        <HeadCollectorContext.Provider value={head}>
          <Providers drawnWith={drawnWith}>
            {/* No loaders run: no data to hand over, so no inline script (the CSP allows none). */}
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </Providers>
        </HeadCollectorContext.Provider>
      </StrictMode>,
    );
  // A lazy part of a page (React.lazy) suspends on its first render and leaves a client-rendered gap
  // ('<!--$!-->'); once its module has loaded, the next render has it inline. Streaming renderers
  // would fill the gap with an inline script instead, which the Content-Security-Policy forbids.
  let html = toHtml();
  for (let attempt = 0; html.includes('<!--$!-->') && attempt < 20; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    html = toHtml();
  }
  if (html.includes('<!--$!-->')) throw new Error(`${path}: a lazy part of the page never loaded`);
  return { html, meta, status: context.statusCode };
}
