import type { Clock } from './clock.ts';
import type { MaybePromise } from './maybe-promise.ts';

/**
 * Remembers look-ups for a moment: an entry is served for at most `ttlMs` after it was stored, and
 * never past the `validUntil` time its owner gives it. Holds at most `maxEntries` (the oldest goes
 * first), so a flood of distinct keys cannot grow the process without bound.
 *
 * Only for facts that may be a moment old (decision 0009): a miss simply reads the database again.
 */
export function createRecentCache<K, V>(options: {
  clock: Clock;
  ttlMs: number;
  maxEntries: number;
}) {
  const entries = new Map<K, { value: V; until: number }>();
  // Counts deletions. A look-up that was reading while a delete happened (a logout, a refund) may
  // have read the row before the change committed, so it must not store what it read.
  let deletions = 0;

  function get(key: K): V | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (options.clock.now().getTime() >= entry.until) {
      entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** `validUntil`: when the fact itself stops being true (an expiry date), if sooner than the TTL. */
  function set(key: K, value: V, validUntil?: Date): void {
    const now = options.clock.now().getTime();
    const until = Math.min(now + options.ttlMs, validUntil?.getTime() ?? Infinity);
    if (until <= now) return;
    entries.delete(key);
    if (entries.size >= options.maxEntries) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    entries.set(key, { value, until });
  }

  return {
    get,
    set,
    /**
     * The remembered value (returned as is, no promise), or else `load`'s answer, remembered until
     * `validUntil(value)` at the latest. Nothing is remembered for `undefined`, or when a delete
     * happened while `load` was reading.
     */
    lookup(
      key: K,
      load: () => Promise<V | undefined>,
      validUntil: (value: V) => Date,
    ): MaybePromise<V | undefined> {
      const known = get(key);
      if (known !== undefined) return known;
      const seen = deletions;
      return load().then((value) => {
        if (value !== undefined && seen === deletions) set(key, value, validUntil(value));
        return value;
      });
    },
    delete(key: K): void {
      deletions++;
      entries.delete(key);
    },
    get size(): number {
      return entries.size;
    },
  };
}
export type RecentCache<K, V> = ReturnType<typeof createRecentCache<K, V>>;
