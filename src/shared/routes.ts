/**
 * The page routes of SPEC section 2: the one list of the app's pages. The client builds its router
 * from it (each page id maps to its lazily loaded module there), and the server's "is this a page?"
 * check (which decides between the app with status 200 and the app's not-found page with status 404)
 * reads the same paths, so a page added here is known to both.
 */

/**
 * Where a page sits in the client's layout nesting:
 * - `public`: the site layout only; static pages never download TanStack Query;
 * - `data`: inside QueryLayout, for pages that fetch data;
 * - `subscriber`: inside QueryLayout and RequireSubscriber (signed in with active access).
 */
export type PageGate = 'public' | 'data' | 'subscriber';

export interface PageRoute {
  /** A React Router path; `:name` segments match one non-empty segment. */
  path: string;
  /** The page module the client loads for it (see app/router.tsx). */
  page: string;
  gate: PageGate;
}

export const pages = [
  { path: '/', page: 'home', gate: 'public' },
  { path: '/privacy', page: 'privacy', gate: 'public' },
  { path: '/terms-and-conditions', page: 'terms', gate: 'public' },
  { path: '/articles', page: 'articles', gate: 'public' },
  { path: '/article/:slug', page: 'article', gate: 'public' },
  { path: '/login', page: 'login', gate: 'data' },
  { path: '/pricing', page: 'pricing', gate: 'data' },
  { path: '/payment-success', page: 'payment-success', gate: 'data' },
  { path: '/demo-checkout/:id', page: 'demo-checkout', gate: 'data' },
  { path: '/account-details', page: 'account-details', gate: 'subscriber' },
  { path: '/dashboard', page: 'dashboard', gate: 'subscriber' },
  { path: '/dashboard/lessons/:module', page: 'lesson', gate: 'subscriber' },
  { path: '/dashboard/quiz/:quizTitle', page: 'quiz', gate: 'subscriber' },
  { path: '/dashboard/review', page: 'review', gate: 'subscriber' },
  { path: '/dashboard/projects/:slug', page: 'project', gate: 'subscriber' },
  { path: '/dev-login', page: 'dev-login', gate: 'data' },
  { path: '/certificates/:id', page: 'certificate', gate: 'data' },
  { path: '/dev-mail', page: 'dev-mail', gate: 'data' },
] as const satisfies readonly PageRoute[];

/** The id of each page, so the client's page-module table must name every one. */
export type PageId = (typeof pages)[number]['page'];

/** The paths alone, in the order above. */
export const pageRoutes: readonly string[] = pages.map((route) => route.path);

const lessonPath = /^module([1-9]|1[0-5])$/;

/** Lesson paths are '/dashboard/lessons/module{N}' with N from 1 to 15. */
/** The id of an exercise's card on its lesson page, so a link can lead to it. */
export const exerciseAnchor = (exerciseId: string): string => `exercise-${exerciseId}`;

export function lessonModuleNumber(segment: string): number | null {
  const match = lessonPath.exec(segment);
  return match?.[1] ? Number(match[1]) : null;
}

/** The page a path (no query) shows, or undefined when it is none of the app's pages. */
export function pageAt(path: string): PageRoute | undefined {
  const parts = path.replace(/\/+$/, '').split('/').filter(Boolean);
  return pages.find(({ path: route, page }) => {
    const routeParts = route.split('/').filter(Boolean);
    if (routeParts.length !== parts.length) return false;
    return routeParts.every((segment, i) => {
      const actual = parts[i] ?? '';
      // Only module1 .. module15 are lessons; /dashboard/lessons/module16 is not a page.
      if (page === 'lesson' && segment === ':module') return lessonModuleNumber(actual) !== null;
      return segment.startsWith(':') ? actual.length > 0 : segment === actual;
    });
  });
}

/** Whether a path (no query) is one of the app's pages. */
export function isPagePath(path: string): boolean {
  return pageAt(path) !== undefined;
}
