import { expect, test, type Page } from '@playwright/test';
import { becomeSubscriber, freshEmail } from './journeys.ts';

/*
 * Issue 22, offline: a lesson opened online keeps working offline (reload, Run, Check), the solved
 * exercise is sent once the connection is back, and logging out takes the paid lesson out of the
 * service worker's cache.
 */

const LESSON = '/dashboard/lessons/module3';

/** The cached copy of an address in any of the site's caches, read in the page. */
function cachedIn(page: Page, cacheName: string, part: string): Promise<boolean> {
  return page.evaluate(
    async ({ cacheName, part }) => {
      if (!(await caches.has(cacheName))) return false;
      const keys = await (await caches.open(cacheName)).keys();
      return keys.some((request) => request.url.includes(part));
    },
    { cacheName, part },
  );
}

/** Replaces the editor's code, as pasting would (no auto-indent of the pasted lines). */
async function setCode(page: Page, code: string) {
  const editor = page.locator('article[data-exercise-id]').first().getByRole('textbox');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
}

test('a lesson opened online works offline, syncs when back, and leaves the cache at logout', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await becomeSubscriber(page, 'Olive Offline', freshEmail('olive'));
  // The service worker registers after the first page's load and takes control of it.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);

  const lesson = (await (
    await page.request.get(`/api${LESSON.replace('/dashboard', '')}`)
  ).json()) as {
    exercises: { id: string; title: string; solution: string }[];
  };
  const exercise = lesson.exercises[0];
  if (!exercise) throw new Error('lesson 3 has no exercise');

  await page.goto(LESSON);
  const heading = await page.locator('h1').first().textContent();
  await expect.poll(() => cachedIn(page, 'indent-learner-v1', '/api/lessons/module3')).toBe(true);
  // The Python runtime is kept as soon as a lesson is open.
  for (const file of ['pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide.asm.js', '/snapshot-'])
    await expect
      .poll(() => cachedIn(page, 'indent-shell-v1', file), { timeout: 60_000 })
      .toBe(true);

  await context.setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.locator('h1').first()).toHaveText(heading ?? '');
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();

  const card = page.locator(`article[data-exercise-id="${exercise.id}"]`);
  await setCode(page, 'print("still here")');
  await card.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(card.getByLabel(`Output of ${exercise.title}`)).toHaveText('still here', {
    timeout: 60_000,
  });
  await setCode(page, exercise.solution);
  await card.getByRole('button', { name: 'Check' }).click();
  await expect(card.locator('[data-result]')).toContainText('Correct!', { timeout: 60_000 });
  await expect(
    card.getByText(/kept on this device, and sent when the connection is back/),
  ).toBeVisible();

  // Back online: the solved exercise reaches the server without a reload.
  await context.setOffline(false);
  await expect(card.getByText('Saved', { exact: true })).toBeVisible({ timeout: 20_000 });
  const progress = (await (await page.request.get('/api/exercise-progress')).json()) as {
    exercises: { exerciseId: string; solved: boolean }[];
  };
  expect(progress.exercises.find((e) => e.exerciseId === exercise.id)?.solved).toBe(true);

  // Log out: the paid lesson leaves the cache, and offline it can no longer be read.
  await page.goto('/');
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
  expect(await cachedIn(page, 'indent-learner-v1', '/api/lessons/module3')).toBe(false);
  await context.setOffline(true);
  const offlineRead = await page.evaluate(async () => {
    try {
      const response = await fetch('/api/lessons/module3');
      return response.status;
    } catch {
      return 'network error';
    }
  });
  expect(offlineRead).toBe('network error');
  await context.close();
});
