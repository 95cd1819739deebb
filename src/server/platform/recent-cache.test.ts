import { describe, expect, it } from 'vitest';
import { testClock } from '../testing/test-app.ts';
import { createRecentCache } from './recent-cache.ts';

describe('recent cache', () => {
  it('serves an entry for ttlMs after it was stored, then forgets it', () => {
    const clock = testClock();
    const cache = createRecentCache<string, number>({ clock, ttlMs: 1000, maxEntries: 10 });
    cache.set('a', 1);
    clock.advance(999);
    expect(cache.get('a')).toBe(1);
    clock.advance(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never serves an entry past the time it stops being true', () => {
    const clock = testClock();
    const cache = createRecentCache<string, number>({ clock, ttlMs: 1000, maxEntries: 10 });
    cache.set('ends-soon', 1, new Date(clock.now().getTime() + 200));
    clock.advance(199);
    expect(cache.get('ends-soon')).toBe(1);
    clock.advance(1);
    expect(cache.get('ends-soon')).toBeUndefined();
    // Already over: not stored at all.
    cache.set('over', 2, clock.now());
    expect(cache.get('over')).toBeUndefined();
  });

  it('drops an entry on delete, and the oldest one when full', () => {
    const clock = testClock();
    const cache = createRecentCache<string, number>({ clock, ttlMs: 1000, maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3); // stored again: now the newest
    cache.set('c', 4);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([3, undefined, 4]);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('answers a remembered value at once and loads a missing one', async () => {
    const clock = testClock();
    const cache = createRecentCache<string, number>({ clock, ttlMs: 1000, maxEntries: 10 });
    const far = () => new Date(clock.now().getTime() + 60_000);
    let loads = 0;
    const load = () => {
      loads++;
      return Promise.resolve(7);
    };
    const first = cache.lookup('a', load, far);
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toBe(7);
    expect(cache.lookup('a', load, far)).toBe(7);
    expect(loads).toBe(1);
    // A "no" is never remembered.
    expect(await cache.lookup('none', () => Promise.resolve(undefined), far)).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('does not remember what a look-up read while the key was deleted (logout racing a request)', async () => {
    const clock = testClock();
    const cache = createRecentCache<string, number>({ clock, ttlMs: 1000, maxEntries: 10 });
    let release: (value: number) => void = () => undefined;
    const reading = cache.lookup(
      'session',
      () => new Promise<number>((resolve) => (release = resolve)),
      () => new Date(clock.now().getTime() + 60_000),
    );
    // The logout commits and forgets the session while the read (which saw the old row) is in flight.
    cache.delete('session');
    release(1);
    expect(await reading).toBe(1);
    expect(cache.get('session')).toBeUndefined();
  });
});
