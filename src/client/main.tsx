import { APP_BOOT_ID, readAppBoot, type AppBoot } from '#shared/page-boot.ts';
import { holdEarlyClicks } from './lib/early-clicks.ts';
import './styles/global.css';
import './styles/code-themes.css';

/*
 * The entry point: nothing but this file, so a pre-rendered page, readable without the app, fetches
 * nothing of it before its first paint. Once the page has been painted, the chunks it lists are
 * preloaded side by side and the app starts (hydration). Pages the app draws itself start at once
 * (their shell preloads their chunks). Clicks on a pre-rendered page's buttons before then are held
 * and given to the app once it has taken the page over. Decision 0021.
 */

/**
 * Resolves once the browser reports the page's first contentful paint (the moment it was shown, not
 * merely drawn), at once in a tab nobody sees, and after a second at the latest.
 */
function firstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const supported = globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint');
    if (!supported || document.visibilityState !== 'visible') {
      resolve();
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(resolve, 1_000);
  });
}

/** Asks for all the chunks at once, so none waits for another to be read first. */
function preload(chunks: readonly string[]): void {
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

/**
 * Starts the page's first GET requests (a page drawn on the server, decision 0023) as the app's
 * api() sends them, so the app can take their answers instead of asking again.
 */
function ask(urls: readonly string[]): Map<string, Promise<Response>> {
  const answers = new Map<string, Promise<Response>>();
  for (const url of urls) {
    const answer = fetch(url, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    // A failure the app never takes must not surface as an unhandled rejection.
    answer.catch(() => undefined);
    answers.set(url, answer);
  }
  return answers;
}

const boot = readAppBoot(document.getElementById(APP_BOOT_ID)?.textContent);
const root = document.getElementById('root');
const prerendered = root?.hasChildNodes() ?? false;
const replayClicks = root && prerendered ? holdEarlyClicks(root) : undefined;
let early = new Map<string, Promise<Response>>();
if (prerendered) {
  await firstPaint();
  // The data first: a few KB the hydration waits for, beside scripts ten times their size.
  early = ask(boot?.data ?? []);
  preload(boot?.chunks ?? []);
}
// The development server has no built page: it serves the source under the same path. startApp
// settles once the app has taken the page over; if it cannot load, the held clicks still go
// through, to whatever the page does without the app.
try {
  const app = (await import(/* @vite-ignore */ boot?.start ?? '/app/start.tsx')) as {
    startApp(boot: AppBoot | undefined, early: Map<string, Promise<Response>>): Promise<void>;
  };
  await app.startApp(boot, early);
} finally {
  replayClicks?.();
}
