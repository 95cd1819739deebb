import { expect, test, type Page } from '@playwright/test';
import { becomeSubscriber, freshEmail } from './journeys.ts';

/*
 * Course pages without a waterfall (issue 24, decisions 0021 and 0023): the app shell asks for a
 * course page's data while the HTML is read, and a lesson drawn on the server once it has painted,
 * before the app's script has even arrived; the app uses that answer instead of asking again.
 */

interface Timing {
  requestStart: number;
  /**
   * When the document had been parsed: module scripts (the app) only run after it, while the
   * shell's inline script runs during parsing.
   */
  domInteractive: number;
}

/** The resource timing of `apiPath` against the moment the HTML had been parsed. */
async function timing(page: Page, apiPath: string): Promise<Timing> {
  return page.evaluate((path) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const request = entries.find((e) => new URL(e.name).pathname === path);
    const [navigation] = performance.getEntriesByType(
      'navigation',
    ) as PerformanceNavigationTiming[];
    if (!request || !navigation) throw new Error(`no timing for ${path}`);
    return { requestStart: request.startTime, domInteractive: navigation.domInteractive };
  }, apiPath);
}

/** Counts the page's GET requests to each API path, and any script the policy refused. */
function watch(page: Page) {
  const counts = new Map<string, number>();
  const refused: string[] = [];
  page.on('request', (request) => {
    // Reads only: the dashboard also saves the browser's time zone once (a PUT).
    if (request.method() !== 'GET') return;
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) counts.set(pathname, (counts.get(pathname) ?? 0) + 1);
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(message.text());
  });
  return { counts, refused };
}

test('a lesson, the dashboard and a quiz ask for their data before the app runs, once', async ({
  page,
}) => {
  await becomeSubscriber(page, 'Early Bird', freshEmail('early'));
  // No service worker: it would answer the second visit's requests itself.
  await page.context().route('**/sw.js', (route) => route.abort());

  const seen = watch(page);
  await page.goto('/dashboard/lessons/module3');
  await expect(page.getByRole('heading', { level: 1, name: /Control Flow/ })).toBeVisible();
  // The lesson comes drawn in the HTML (decision 0023): what the app hydrates it with is asked for
  // once the page has painted, beside the app's scripts, not after them. The editors show once
  // both answers are in.
  await expect(page.getByRole('textbox', { name: /^Code for / }).first()).toBeVisible();
  const appArrived = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const start = entries.find((e) => /\/assets\/start-[\w-]+\.js$/.test(e.name));
    if (!start) throw new Error('no timing for the app’s start script');
    return start.responseEnd;
  });
  for (const path of ['/api/lessons/module3', '/api/exercise-progress']) {
    const t = await timing(page, path);
    expect(t.requestStart, path).toBeLessThan(appArrived);
    expect(seen.counts.get(path), path).toBe(1);
  }

  seen.counts.clear();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(/Review:/)).toBeVisible();
  for (const path of ['/api/modules', '/api/progress']) {
    const t = await timing(page, path);
    expect(t.requestStart, path).toBeLessThan(t.domInteractive);
    expect(seen.counts.get(path), path).toBe(1);
  }
  const userPaths = [...seen.counts.keys()].filter((p) =>
    /^\/api\/user\/[^/]+\/(quiz-scores|review|rhythm)$/.test(p),
  );
  expect(userPaths).toHaveLength(3);
  for (const path of userPaths) expect(seen.counts.get(path), path).toBe(1);

  seen.counts.clear();
  await page.goto('/dashboard/quiz/comparisons-and-logic');
  await expect(page.getByText('Question 1/')).toBeVisible();
  const quiz = await timing(page, '/api/quiz-by-title/comparisons%20and%20logic');
  expect(quiz.requestStart).toBeLessThan(quiz.domInteractive);
  expect(seen.counts.get('/api/quiz-by-title/comparisons%20and%20logic')).toBe(1);

  expect(seen.refused).toEqual([]);
});
