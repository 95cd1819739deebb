import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_CACHES } from './offline-protocol.ts';

/*
 * The offline module's rules about whose paid answers it keeps (decision 0018), against an in-memory
 * stand-in for the browser's CacheStorage and a scripted network. The real service worker and caches
 * are exercised by e2e/offline.spec.ts.
 */
const ORIGIN = 'https://indent.test';

class MemoryCache {
  readonly entries = new Map<string, Response>();
  private key(request: RequestInfo | URL): string {
    return request instanceof Request ? request.url : new URL(String(request), ORIGIN).href;
  }
  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    return this.entries.get(this.key(request))?.clone();
  }
  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    this.entries.set(this.key(request), response);
  }
  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(this.key(request));
  }
  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
  async addAll(requests: string[]): Promise<void> {
    for (const path of requests) await this.put(path, await fetch(new URL(path, ORIGIN)));
  }
}

class MemoryCaches {
  readonly stores = new Map<string, MemoryCache>();
  async open(name: string): Promise<MemoryCache> {
    const store = this.stores.get(name) ?? new MemoryCache();
    this.stores.set(name, store);
    return store;
  }
  async delete(name: string): Promise<boolean> {
    return this.stores.delete(name);
  }
  async keys(): Promise<string[]> {
    return [...this.stores.keys()];
  }
}

/** What the network answers; `online: false` makes every request fail as a browser's fetch does. */
const network = {
  online: true,
  status: 200,
  body: 'lesson text',
  headers: {} as Record<string, string>,
};
let storage: MemoryCaches;

const lesson = () => new Request(`${ORIGIN}/api/lessons/module3`);

async function load() {
  vi.resetModules();
  return import('./offline-cache.ts');
}

beforeEach(() => {
  storage = new MemoryCaches();
  network.online = true;
  network.status = 200;
  network.headers = {};
  vi.stubGlobal('caches', storage);
  vi.stubGlobal('self', { location: { origin: ORIGIN } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      if (!network.online) throw new TypeError('Failed to fetch');
      return new Response(network.body, { status: network.status, headers: network.headers });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const learnerEntries = () => storage.stores.get(OFFLINE_CACHES.learner)?.entries.size ?? 0;

describe('the offline cache of paid answers', () => {
  it('keeps nothing while no learner is named, and keeps the named learner’s answers for offline', async () => {
    const sw = await load();
    await sw.offlineResponse(lesson());
    expect(learnerEntries()).toBe(0);

    await sw.offlineMessage({ type: 'indent-offline-owner', owner: 'google-a' });
    expect(await (await sw.offlineResponse(lesson()))?.text()).toBe('lesson text');
    expect(learnerEntries()).toBe(1);

    network.online = false;
    expect(await (await sw.offlineResponse(lesson()))?.text()).toBe('lesson text');
  });

  it('empties it when another learner signs in, and then has nothing to show offline', async () => {
    const sw = await load();
    await sw.offlineMessage({ type: 'indent-offline-owner', owner: 'google-a' });
    await sw.offlineResponse(lesson());
    await sw.offlineMessage({ type: 'indent-offline-owner', owner: 'google-b' });
    expect(learnerEntries()).toBe(0);
    network.online = false;
    await expect(sw.offlineResponse(lesson())).rejects.toThrow('Failed to fetch');
  });

  it('remembers the owner when the worker was stopped and started again', async () => {
    const first = await load();
    await first.offlineMessage({ type: 'indent-offline-owner', owner: 'google-a' });
    await first.offlineResponse(lesson());
    const restarted = await load();
    network.online = false;
    expect(await (await restarted.offlineResponse(lesson()))?.text()).toBe('lesson text');
  });

  it('empties it on the logout request, on a sign-out and on a 401', async () => {
    const sw = await load();
    const fill = async () => {
      await sw.offlineMessage({ type: 'indent-offline-owner', owner: 'google-a' });
      network.status = 200;
      await sw.offlineResponse(lesson());
      expect(learnerEntries()).toBe(1);
    };
    await fill();
    await sw.offlineResponse(new Request(`${ORIGIN}/api/logout`, { method: 'POST' }));
    expect(learnerEntries()).toBe(0);

    await fill();
    await sw.offlineMessage({ type: 'indent-offline-owner', owner: null });
    expect(learnerEntries()).toBe(0);

    await fill();
    network.status = 401;
    expect((await sw.offlineResponse(lesson()))?.status).toBe(401);
    expect(learnerEntries()).toBe(0);
  });

  it('does not store an answer that arrives after the learner changed', async () => {
    const sw = await load();
    await sw.offlineMessage({ type: 'indent-offline-owner', owner: 'google-a' });
    let answer: (response: Response) => void = () => undefined;
    vi.mocked(fetch).mockImplementationOnce(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    const pending = sw.offlineResponse(lesson());
    await new Promise((resolve) => setTimeout(resolve, 0));
    await sw.offlineMessage({ type: 'indent-offline-owner', owner: 'google-b' });
    answer(new Response('a’s lesson'));
    await pending;
    expect(learnerEntries()).toBe(0);
  });

  it('drops caches of earlier versions at activation, and only those', async () => {
    const sw = await load();
    await storage.open('indent-shell-v0');
    await storage.open('someone-else');
    await storage.open(OFFLINE_CACHES.shell);
    await sw.dropOldCaches();
    expect([...storage.stores.keys()].sort()).toEqual([OFFLINE_CACHES.shell, 'someone-else']);
  });

  it('keeps the Python runtime the page asks for, and drops runtimes it no longer asks for', async () => {
    const sw = await load();
    const shell = await storage.open(OFFLINE_CACHES.shell);
    for (const path of ['/pyodide/0.29.5/snapshot-old.bin', '/pyodide/0.28.0/pyodide.asm.wasm'])
      await shell.put(path, new Response('earlier'));
    await shell.put('/assets/app-1.js', new Response('an asset'));
    const runtime = ['/pyodide/0.29.5/pyodide.asm.wasm', '/pyodide/0.29.5/snapshot-new.bin'];
    await sw.offlineMessage({ type: 'indent-offline-keep', paths: runtime });
    const kept = [...shell.entries.keys()].map((url) => new URL(url).pathname).sort();
    expect(kept).toEqual(['/assets/app-1.js', ...runtime]);
  });

  it('leaves other sites, sign-in, the user, orders and the input relay to the browser', async () => {
    const sw = await load();
    expect(
      sw.offlineResponse(new Request('https://other.test/api/lessons/module3')),
    ).toBeUndefined();
    expect(sw.offlineResponse(new Request(`${ORIGIN}/api/auth/start`))).toBeUndefined();
    expect(sw.offlineResponse(new Request(`${ORIGIN}/api/user/g1`))).toBeUndefined();
    expect(
      sw.offlineResponse(new Request(`${ORIGIN}/api/order/success?session_id=1`)),
    ).toBeUndefined();
    expect(sw.offlineResponse(new Request(`${ORIGIN}/api/exercise-progress`))).toBeDefined();
    expect(sw.offlineResponse(new Request(`${ORIGIN}/__indent-relay/input/1`))).toBeUndefined();
    expect(
      sw.offlineResponse(new Request(`${ORIGIN}/api/exercise-progress`, { method: 'PUT' })),
    ).toBeUndefined();
  });
});

/*
 * The allow-list against the addresses the pages really call (courses-api.ts, learning-api.ts,
 * use-exercise-progress.ts, and the routes of the server's features): each learning read is kept
 * for offline; nothing else personal is.
 */
const KEPT_READS = [
  '/api/modules',
  '/api/progress',
  '/api/exercise-progress',
  '/api/quizzes',
  '/api/lessons/module3',
  '/api/quiz-by-title/comparisons-and-logic',
  '/api/user/u1/quiz-scores',
  '/api/user/u1/review',
  '/api/user/u1/rhythm',
  '/api/user/u1/code-history/m01-e1-first-words',
  '/api/user/u1/code-history/m01-e1-first-words/v7',
];

const LEFT_ALONE = [
  // The person, their orders, access and certificates, sign-in: never in the learner's cache.
  '/api/user/g1',
  '/api/subscription/g1',
  '/api/order/success?session_id=cs_1',
  '/api/demo-checkout/cs_1',
  '/api/certificates/me',
  '/api/certificates/c1',
  '/api/auth/start',
  // An entry per query typed would grow the cache without end, for answers offline rarely needs.
  '/api/search?q=dictionary',
  '/api/dev-mail',
  '/api/health',
  // Near misses of the kept paths: prefixes and tails that are not the learning reads.
  '/api/user/u1',
  '/api/user/u1/review/answers',
  '/api/user/u1/rhythm/settings',
  '/api/user/u1/code-history',
  '/api/user/u1/code-history/e1/v1/extra',
  '/api/user/u1/quiz-scores/extra',
  '/api/lessons',
  '/api/lessons/module3/extra',
  // The old list's guesses, which are not routes of the server.
  '/api/review',
  '/api/rhythm',
  '/api/code-history/m01-e1-first-words',
];

describe('which answers are kept for offline', () => {
  it.each(KEPT_READS)('keeps %s for the signed-in learner', async (path) => {
    const sw = await load();
    await sw.offlineMessage({ type: 'indent-offline-owner', owner: 'google-a' });
    expect(await (await sw.offlineResponse(new Request(`${ORIGIN}${path}`)))?.text()).toBe(
      'lesson text',
    );
    expect([...(storage.stores.get(OFFLINE_CACHES.learner)?.entries.keys() ?? [])]).toEqual([
      `${ORIGIN}${path}`,
    ]);
  });

  it.each(LEFT_ALONE)('leaves %s to the network, untouched and not kept', async (path) => {
    const sw = await load();
    await sw.offlineMessage({ type: 'indent-offline-owner', owner: 'google-a' });
    expect(sw.offlineResponse(new Request(`${ORIGIN}${path}`))).toBeUndefined();
    expect(learnerEntries()).toBe(0);
  });

  it('keeps no write, even to a kept address', async () => {
    const sw = await load();
    await sw.offlineMessage({ type: 'indent-offline-owner', owner: 'google-a' });
    for (const method of ['PUT', 'POST']) {
      const request = new Request(`${ORIGIN}/api/user/u1/rhythm`, { method, body: '{}' });
      expect(sw.offlineResponse(request)).toBeUndefined();
    }
  });
});
