import { lazy, type ComponentType } from 'react';

/** Resolves once the page has loaded and the browser is idle (at once when that is long past). */
function pageLoadedAndIdle(): Promise<void> {
  if (typeof window === 'undefined' || document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    window.addEventListener(
      'load',
      () => {
        if ('requestIdleCallback' in window) {
          window.requestIdleCallback(() => resolve(), { timeout: 1500 });
        } else setTimeout(resolve, 100);
      },
      { once: true },
    );
  });
}

/**
 * A React.lazy component whose code is fetched only after the page has loaded. Put it inside a
 * <Suspense>: in a pre-rendered page its HTML is there from the start and React hydrates it once the
 * code arrives (selective hydration), so below-the-fold parts cost nothing before the first paint.
 * On the build machine (no window) it loads at once, and scripts/prerender.ts renders it inline.
 */
export function lazyAfterLoad<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  return lazy(async () => {
    await pageLoadedAndIdle();
    return { default: await load() };
  });
}
