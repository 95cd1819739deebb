import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { EARLY_DATA_GLOBAL, EARLY_DATA_SCRIPT, earlyRequestsFor } from './early-data.ts';

const subscriber = { _id: 'u/1', googleId: 'g-1', name: 'Ada', stripeSubscriptionId: 'pi_1' };

/** Runs the inline script as a page at `pathname` would, and returns what it asked for and how. */
function run(pathname: string, stored: unknown, options: { storageThrows?: boolean } = {}) {
  const requests: { url: string; init: unknown }[] = [];
  const window: Record<string, unknown> = {};
  runInNewContext(EARLY_DATA_SCRIPT, {
    window,
    location: { pathname },
    localStorage: {
      getItem: (key: string) => {
        if (options.storageThrows) throw new Error('storage is blocked');
        return key === 'user' && stored !== undefined ? JSON.stringify(stored) : null;
      },
    },
    fetch: (url: string, init: unknown) => {
      requests.push({ url, init });
      return Promise.reject(new Error('offline'));
    },
  });
  const early = window[EARLY_DATA_GLOBAL] as Map<string, Promise<Response>> | undefined;
  return { requests, early };
}

describe('the shell script that asks for a course page’s data early', () => {
  it('asks for a lesson and its saved code as the lesson page does, with the session cookie and the same headers', () => {
    const { requests, early } = run('/dashboard/lessons/module3', subscriber);
    const init = { credentials: 'same-origin', headers: { accept: 'application/json' } };
    expect(requests).toEqual([
      { url: '/api/lessons/module3', init },
      { url: '/api/exercise-progress', init },
    ]);
    expect([...(early?.keys() ?? [])]).toEqual(['/api/lessons/module3', '/api/exercise-progress']);
  });

  it('asks for the dashboard’s data with the stored user’s id, encoded', () => {
    const urls = run('/dashboard/', subscriber).requests.map((r) => r.url);
    expect(urls).toEqual([
      '/api/modules',
      '/api/progress',
      '/api/user/u%2F1/quiz-scores',
      '/api/user/u%2F1/review',
      '/api/user/u%2F1/rhythm',
    ]);
  });

  it('reads a quiz’s URL title back into its title, as the quiz page does', () => {
    const urls = run('/dashboard/quiz/comparisons-and-logic', subscriber).requests.map(
      (r) => r.url,
    );
    expect(urls).toEqual(['/api/quiz-by-title/comparisons%20and%20logic']);
  });

  it('asks for nothing on other pages, for lessons that do not exist, or without a subscriber', () => {
    for (const path of ['/', '/pricing', '/dashboard/lessons/module16', '/dashboard/review'])
      expect(run(path, subscriber).requests, path).toEqual([]);
    const { stripeSubscriptionId: _, ...unpaid } = subscriber;
    expect(run('/dashboard', unpaid).requests).toEqual([]);
    expect(run('/dashboard', undefined).requests).toEqual([]);
    expect(run('/dashboard', 'not a user').requests).toEqual([]);
  });

  it('never throws, even when storage is blocked', () => {
    expect(() => run('/dashboard', subscriber, { storageThrows: true })).not.toThrow();
  });
});

describe('the early requests of a page, worked out on the server', () => {
  it('are the URLs the inline script asks for, page by page', () => {
    for (const path of [
      '/dashboard/lessons/module3',
      '/dashboard/lessons/module15/',
      '/dashboard',
      '/dashboard/quiz/comparisons-and-logic',
      '/dashboard/quiz/a%20b-c',
      '/dashboard/lessons/module16',
      '/pricing',
    ]) {
      const fromScript = run(path, subscriber).requests.map((r) => r.url);
      expect(earlyRequestsFor(path, subscriber._id), path).toEqual(fromScript);
    }
  });
});
