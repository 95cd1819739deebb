import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { AppBoot } from '#shared/page-boot.ts';
import { keepEarlyAnswers } from '#client/lib/early-data.ts';
import { appRoot, drawnLesson, loadCurrentRoutes } from './app-root.tsx';

/*
 * Starts the app: hydrates a page drawn ahead of it (pre-rendered for everyone, or a lesson the
 * server drew for a subscriber, decision 0023), or renders one from scratch. main.tsx loads it once
 * such a page has been painted (decision 0021) and passes the page's boot block (read there, so the
 * entry and this module share no chunk) and the requests it started from it. The promise settles only once the hydrated page is live,
 * so main.tsx knows when to hand over the clicks it held meanwhile.
 */
export async function startApp(
  boot: AppBoot | undefined,
  early: ReadonlyMap<string, Promise<Response>> = new Map(),
): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  // The requests main.tsx started after the paint wait with the shell's early ones.
  keepEarlyAnswers(early);

  const drawnWith = boot?.user === undefined ? undefined : await drawnLesson(boot.user);
  // Drawn for someone this device does not hold, or without the data to hydrate it: drawn afresh.
  if (boot?.user !== undefined && !drawnWith) container.replaceChildren();

  if (!container.hasChildNodes()) {
    createRoot(container).render(appRoot());
    return;
  }
  await loadCurrentRoutes();
  // A transition hydrates in slices that let the browser paint and scroll in between, instead of one
  // long task: the page is readable already, and clicks meanwhile are held by main.tsx.
  await new Promise<void>((hydrated) => {
    startTransition(() => {
      hydrateRoot(container, appRoot(hydrated, drawnWith));
    });
  });
}
