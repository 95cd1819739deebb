/*
 * The page's side of offline use (issue 22, decision 0018): registers the site's service worker once
 * the page has loaded (so it never competes with the first paint), tells it who is signed in (its
 * cache of paid lessons belongs to that one learner), asks it to keep the Python runtime when a lesson
 * is open, and shows a banner while the device is offline.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '#client/features/auth/auth-context.tsx';
import type { OfflineKeepMessage, OfflineOwnerMessage } from '#client/sw/offline-protocol.ts';
import { serviceWorkerControl } from '#client/sw/register.ts';
import styles from './offline-support.module.css';

// Set by the build (vite-plugin-pyodide.ts) from the installed pyodide package.
declare const __PYODIDE_VERSION__: string;
declare const __PYODIDE_SNAPSHOT__: string;

/** The Python runtime's files (scripts/vite-plugin-pyodide.ts writes exactly these). */
const RUNTIME_FILES = [
  'pyodide.mjs',
  'pyodide.asm.js',
  'pyodide.asm.wasm',
  'python_stdlib.zip',
  'pyodide-lock.json',
  __PYODIDE_SNAPSHOT__,
];

function afterLoad(run: () => void): () => void {
  if (document.readyState === 'complete') {
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  window.addEventListener('load', run, { once: true });
  return () => window.removeEventListener('load', run);
}

function post(message: OfflineOwnerMessage | OfflineKeepMessage): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) =>
    registration.active?.postMessage(message),
  );
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * The built stylesheets this page names. A lesson drawn on the server carries them inline, with
 * links the browser never fetches (decision 0023), so the worker would not have met them: offline,
 * the app shell that stands in for the lesson loads them by these addresses.
 */
function pageStylesheets(): string[] {
  return [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
    .map((link) => new URL(link.href, window.location.href))
    .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
}

export function OfflineSupport() {
  const { user, ready } = useAuth();
  const { pathname } = useLocation();
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const owner = user?.googleId ?? null;
  const onLesson = pathname.startsWith('/dashboard/lessons/');

  useEffect(() => afterLoad(() => void serviceWorkerControl()), []);

  // Before `ready` the stored user is not read yet: saying "nobody" then would empty the cache.
  useEffect(() => {
    if (ready) post({ type: 'indent-offline-owner', owner });
  }, [ready, owner]);

  useEffect(() => {
    if (!onLesson || !owner) return;
    const base = `/pyodide/${__PYODIDE_VERSION__}/`;
    post({
      type: 'indent-offline-keep',
      paths: [...RUNTIME_FILES.map((file) => base + file), ...pageStylesheets()],
    });
  }, [onLesson, owner]);

  if (online) return null;
  return (
    <div className={styles.banner} role="status">
      <strong>You are offline.</strong> Lessons you have opened on this device still work, with
      their exercises. Your code and solved exercises are kept here and sent when you are back
      online.
    </div>
  );
}
