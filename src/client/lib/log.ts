/**
 * Console logging for the app. SPEC 8: failures are written to the console and the console is
 * silenced in production builds.
 */
const enabled = import.meta.env.DEV || import.meta.env.MODE === 'test';

export const log = {
  error(...args: unknown[]): void {
    if (enabled) console.error(...args);
  },
  warn(...args: unknown[]): void {
    if (enabled) console.warn(...args);
  },
};
