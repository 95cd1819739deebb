/**
 * Kept apart from user.schema.ts (which builds zod schemas when loaded) so that the navbar, on every
 * page's first load, does not pull in the validation library.
 */

/** The first word of a name, for 'Welcome, {first word}' (SPEC 2). */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}
