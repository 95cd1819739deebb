/*
 * The page's side of the service worker: registers /sw.js (scope /) and says whether the page is
 * controlled by it, which the input relay needs (decision 0016). The first visit registers it and
 * waits briefly for it to take control (it claims open pages as soon as it is active); a page the
 * browser loaded without it (a hard reload) is simply not controlled, and the caller falls back.
 */
import type { RelayAnswerMessage } from './relay-protocol.ts';

/** How long a first visit waits for the new service worker before starting Python without it. */
const TAKE_CONTROL_MS = 3_000;

let controlled: Promise<boolean> | undefined;

function register(): Promise<unknown> {
  // In development Vite serves the TypeScript module itself (scripts/vite-plugin-service-worker.ts).
  return import.meta.env.DEV
    ? navigator.serviceWorker.register('/sw.ts', { scope: '/', type: 'module' })
    : navigator.serviceWorker.register('/sw.js', { scope: '/' });
}

/** Registers the service worker once; resolves true when it controls this page. */
export function serviceWorkerControl(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    return Promise.resolve(false);
  }
  controlled ??= (async () => {
    const container = navigator.serviceWorker;
    const registered = register().catch(() => undefined);
    if (container.controller) return true;
    await registered;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, TAKE_CONTROL_MS);
      container.addEventListener(
        'controllerchange',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
    return container.controller !== null;
  })();
  return controlled;
}

/** Calls `listener` when a service worker takes control of the page later (first visit, update). */
export function onServiceWorkerControl(listener: () => void): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('controllerchange', listener);
}

/** Gives a waiting input() its answer (or, without one, tells it the program was stopped). */
export function postRelayAnswer(key: string, answer?: string): void {
  const message: RelayAnswerMessage = {
    type: 'indent-relay-answer',
    key,
    ...(answer !== undefined ? { answer } : {}),
  };
  const active = navigator.serviceWorker.controller;
  if (active) {
    active.postMessage(message);
    return;
  }
  void navigator.serviceWorker.ready.then((registration) =>
    registration.active?.postMessage(message),
  );
}
