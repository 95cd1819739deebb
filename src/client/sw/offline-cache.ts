/*
 * The service worker's offline half (issue 22, decision 0018), beside the input relay. Three caches:
 *
 * - the shell: pages' HTML (the app shell and the pre-rendered public pages, the same for everyone;
 *   never a page drawn for one learner),
 *   the hashed build assets, the icons and the Python runtime (versioned under /pyodide/<version>/).
 *   HTML is network first (a new build shows at once when online); assets and the runtime are cache
 *   first, since their addresses change whenever their bytes do.
 * - the learner's: the paid answers the learner's pages fetched (lessons, exercises, progress),
 *   network first, so they are only used offline. It belongs to ONE signed-in learner: the page says
 *   who is signed in (OfflineOwnerMessage), and a different person, a sign-out, a logout request or a
 *   401 from the server deletes it. Nothing is stored while no learner is named.
 * - a one-entry note of whose the learner's cache is, since the browser may stop this worker at any
 *   time and forget its variables.
 */
import { isOfflineKeepMessage, isOfflineOwnerMessage, OFFLINE_CACHES } from './offline-protocol.ts';

const OWNER_KEY = '/__indent-offline-owner';

/**
 * The reads the learning pages make, and the only answers kept: the course (modules, a lesson, the
 * quizzes, one quiz), the learner's progress and saved code, and the learner's own learning data
 * under /api/user/:userId/ (quiz scores, due review, weekly rhythm, kept Check versions), matched to
 * the path's end so the person (/api/user/:googleId) is not caught by its prefix. Everything else
 * (sign-in, the user, orders, subscription, certificates, search, development pages) goes to the
 * network untouched, as if there were no worker. Paths of learning-api.ts and courses-api.ts.
 */
const KEPT: readonly RegExp[] = [
  /^\/api\/(modules|progress|exercise-progress|quizzes)$/,
  /^\/api\/(lessons|quiz-by-title)\/[^/]+$/,
  /^\/api\/user\/[^/]+\/(quiz-scores|review|rhythm)$/,
  /^\/api\/user\/[^/]+\/code-history\/[^/]+(\/[^/]+)?$/,
];

/**
 * Compressed copies make the server answer with Vary: Accept-Encoding; the stored answer is the same
 * file whatever encoding the next request accepts, so the header must not turn a hit into a miss.
 */
const LOOSE: CacheQueryOptions = { ignoreVary: true };

let owner: string | null | undefined;

async function currentOwner(): Promise<string | null> {
  if (owner !== undefined) return owner;
  const note = await (await caches.open(OFFLINE_CACHES.meta)).match(OWNER_KEY);
  owner = note ? await note.text() : null;
  return owner;
}

async function setOwner(next: string | null): Promise<void> {
  const previous = await currentOwner();
  if (previous === next) return;
  owner = next;
  // Someone else's (or nobody's) now: the previous learner's paid answers go before anything else.
  await caches.delete(OFFLINE_CACHES.learner);
  const meta = await caches.open(OFFLINE_CACHES.meta);
  if (next === null) await meta.delete(OWNER_KEY);
  else await meta.put(OWNER_KEY, new Response(next));
}

/** Forgets the learner's cache and its owner (logout, or the server no longer knows the session). */
export function forgetLearner(): Promise<void> {
  return setOwner(null);
}

async function networkFirstApi(request: Request): Promise<Response> {
  const ownerAtStart = await currentOwner();
  let response: Response;
  try {
    response = await fetch(request);
  } catch (offline) {
    const cached = ownerAtStart
      ? await (await caches.open(OFFLINE_CACHES.learner)).match(request, LOOSE)
      : undefined;
    if (cached) return cached;
    throw offline;
  }
  if (response.status === 401) {
    await forgetLearner();
  } else if (response.ok && ownerAtStart && (await currentOwner()) === ownerAtStart) {
    // Only while the same learner is signed in as when the request left (a sign-out may have
    // happened meanwhile; their answer must not land in the next person's cache).
    await (await caches.open(OFFLINE_CACHES.learner)).put(request, response.clone());
  }
  return response;
}

async function networkFirstPage(request: Request): Promise<Response> {
  const shell = await caches.open(OFFLINE_CACHES.shell);
  try {
    const response = await fetch(request);
    // The shell cache is everyone's: the app shell and the pre-rendered public pages. A page drawn
    // for one learner (a subscriber's lesson, decision 0023) says no-store and is not kept; offline,
    // the app shell stands in for it and draws the lesson from the learner's own cache.
    const personal = /no-store|private/i.test(response.headers.get('Cache-Control') ?? '');
    if (response.ok && !personal) await shell.put(request, response.clone());
    return response;
  } catch (offline) {
    const cached =
      (await shell.match(request, { ...LOOSE, ignoreSearch: true })) ??
      // A page never opened online: the app shell, which shows it if its data is cached.
      (await shell.match('/app-shell.html', LOOSE));
    if (cached) return cached;
    throw offline;
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const shell = await caches.open(OFFLINE_CACHES.shell);
  const cached = await shell.match(request, LOOSE);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await shell.put(request, response.clone());
  return response;
}

const immutable = (path: string) =>
  path.startsWith('/assets/') || path.startsWith('/pyodide/') || path.startsWith('/icons/');

/** The offline answer to a request, or undefined to leave it to the browser. */
export function offlineResponse(request: Request): Promise<Response> | undefined {
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return undefined;
  if (request.method === 'POST' && url.pathname === '/api/logout') {
    // The cache goes before the page hears the logout succeeded, so nothing can read it after.
    return fetch(request).then(async (response) => {
      await forgetLearner();
      return response;
    });
  }
  if (request.method !== 'GET') return undefined;
  if (url.pathname.startsWith('/api/')) {
    return KEPT.some((kept) => kept.test(url.pathname)) ? networkFirstApi(request) : undefined;
  }
  if (request.mode === 'navigate') return networkFirstPage(request);
  if (immutable(url.pathname) || url.pathname === '/manifest.webmanifest') {
    return cacheFirst(request);
  }
  return undefined;
}

/** Handles the page's messages about the offline caches; false for anyone else's message. */
export function offlineMessage(data: unknown): Promise<void> | false {
  if (isOfflineOwnerMessage(data)) return setOwner(data.owner);
  if (isOfflineKeepMessage(data)) {
    return (async () => {
      const shell = await caches.open(OFFLINE_CACHES.shell);
      const missing: string[] = [];
      for (const path of data.paths) if (!(await shell.match(path, LOOSE))) missing.push(path);
      await shell.addAll(missing);
      await dropOtherRuntimes(shell, data.paths);
    })();
  }
  return false;
}

/**
 * A Python runtime the pages no longer ask for (an earlier Pyodide, or the snapshot of an earlier
 * harness, decision 0020) is 10 to 30 MB on the device: it goes once the current one is kept.
 */
async function dropOtherRuntimes(shell: Cache, kept: readonly string[]): Promise<void> {
  const keep = new Set(kept);
  for (const request of await shell.keys()) {
    const path = new URL(request.url).pathname;
    if (path.startsWith('/pyodide/') && !keep.has(path)) await shell.delete(request, LOOSE);
  }
}

/** At activation: caches of earlier versions of this worker (renamed when their format changes). */
export async function dropOldCaches(): Promise<void> {
  const current = new Set<string>(Object.values(OFFLINE_CACHES));
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith('indent-') && !current.has(name))
      .map((name) => caches.delete(name)),
  );
}

/** Written at install: the app shell every page falls back on offline. */
export async function keepAppShell(): Promise<void> {
  await (await caches.open(OFFLINE_CACHES.shell)).addAll(['/app-shell.html']);
}
