import { readFileSync } from 'node:fs';

/** Time comes from here so tests can move it (access expiry, session lifetime). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * For test servers (TEST_CLOCK_FILE with NODE_ENV=test): the system time plus the whole number of
 * milliseconds written in `file` (none while it is missing or empty), read at every call so a
 * browser journey can move a running server a day ahead, as API tests move their injected clock.
 */
export function fileOffsetClock(file: string): Clock {
  return {
    now() {
      let offset = 0;
      try {
        offset = Number.parseInt(readFileSync(file, 'utf8'), 10) || 0;
      } catch {
        offset = 0;
      }
      return new Date(Date.now() + offset);
    },
  };
}

export const DAY_MS = 24 * 60 * 60 * 1000;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}
