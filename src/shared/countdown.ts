/*
 * The pricing page's daily offer countdown (SPEC 2 and 9): time left until the end of the current local
 * day, 23:59:59.999. Pure functions, so the rollover at midnight is tested without a browser.
 */

/** Milliseconds left until the end of the local day of `now` (23:59:59.999), never negative. */
export function msUntilEndOfDay(now: Date): number {
  const end = new Date(now);
  end.setHours(23, 59, 59, 999);
  return Math.max(0, end.getTime() - now.getTime());
}

/** SPEC 3's countdown value, two digits each: '07', '04', '09'. */
export function countdownParts(ms: number): { hours: string; minutes: string; seconds: string } {
  const total = Math.floor(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    hours: pad(Math.floor(total / 3600)),
    minutes: pad(Math.floor((total % 3600) / 60)),
    seconds: pad(total % 60),
  };
}
