/*
 * The site's service worker, built to /sw.js with scope / (scripts/vite-plugin-service-worker.ts).
 * It does two things: the input relay that lets a running Python program wait for the learner's
 * typing (sw/input-relay.ts, decision 0016), and the offline caches (sw/offline-cache.ts, decision
 * 0018: pages, assets, the Python runtime and the signed-in learner's lessons). Every other request
 * is left to the browser as if there were no service worker (no respondWith).
 */
import { relayMessage, relayResponse } from './sw/input-relay.ts';
import {
  dropOldCaches,
  keepAppShell,
  offlineMessage,
  offlineResponse,
} from './sw/offline-cache.ts';

/* The DOM library has no service-worker types, and the WebWorker library clashes with it. */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ServiceWorkerScope {
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}
const sw = self as unknown as ServiceWorkerScope;

// A new version takes over at once, and the page that registered it is controlled without a
// reload, so its next Python worker can use the relay (decision 0016: before it is active).
sw.addEventListener('install', (event) => event.waitUntil(sw.skipWaiting()));
sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));

sw.addEventListener('fetch', (event) => {
  const response = relayResponse(event.request);
  if (response) event.respondWith(response);
});

// Offline (issue 22, decision 0018): lessons the learner opened, the app shell and the Python runtime
// stay usable without a connection. It leaves relay requests alone (answered above).
sw.addEventListener('install', (event) => event.waitUntil(keepAppShell().catch(() => undefined)));
sw.addEventListener('activate', (event) => event.waitUntil(dropOldCaches()));
sw.addEventListener('fetch', (event) => {
  const response = offlineResponse(event.request);
  if (response) event.respondWith(response);
});

sw.addEventListener('message', (event) => {
  relayMessage(event.data);
});
sw.addEventListener('message', (event) => {
  const done = offlineMessage(event.data);
  if (done) (event as MessageEvent & Partial<ExtendableEvent>).waitUntil?.(done);
});
