/**
 * The page routes of SPEC section 2. The client router and the server's "is this a page?" check (which
 * decides between the app with status 200 and the app's not-found page with status 404) both use them.
 */
export const pageRoutes = [
  '/',
  '/login',
  '/pricing',
  '/account-details',
  '/payment-success',
  '/privacy',
  '/terms-and-conditions',
  '/articles',
  '/article/:slug',
  '/dashboard',
  '/dashboard/lessons/:module',
  '/dashboard/quiz/:quizTitle',
  '/demo-checkout/:id',
  '/dev-login',
] as const;

export const MODULE_COUNT = 15;

const lessonPath = /^module([1-9]|1[0-5])$/;

/** Lesson paths are '/dashboard/lessons/module{N}' with N from 1 to 15. */
export function lessonModuleNumber(segment: string): number | null {
  const match = lessonPath.exec(segment);
  return match?.[1] ? Number(match[1]) : null;
}

/** Whether a path (no query) is one of the app's pages. */
export function isPagePath(path: string): boolean {
  const parts = path.replace(/\/+$/, '').split('/').filter(Boolean);
  return pageRoutes.some((route) => {
    const routeParts = route.split('/').filter(Boolean);
    if (routeParts.length !== parts.length) return false;
    return routeParts.every((segment, i) => {
      const actual = parts[i] ?? '';
      if (route === '/dashboard/lessons/:module' && i === 2)
        return lessonModuleNumber(actual) !== null;
      return segment.startsWith(':') ? actual.length > 0 : segment === actual;
    });
  });
}
