import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { becomeSubscriber, freshEmail } from './journeys.ts';

/*
 * Issue 22, offline: the site is installable (its manifest and icons); a lesson opened online keeps
 * working offline (reload, Run, Step through, Check), the solved exercise is sent once the
 * connection is back, and logging out takes the paid lesson out of the service worker's cache.
 */

interface ManifestIcon {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
}

/** Fetches an icon and reads its real size from the PNG header (IHDR: width, height at 16 and 20). */
async function pngSize(request: APIRequestContext, src: string): Promise<string> {
  const response = await request.get(src);
  expect(response.status(), src).toBe(200);
  expect(response.headers()['content-type'], src).toBe('image/png');
  const bytes = await response.body();
  expect(bytes.subarray(0, 8).toString('hex'), `${src} is a PNG`).toBe('89504e470d0a1a0a');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test('the site is installable: its manifest is served, complete, and its icons exist', async ({
  request,
}) => {
  // The page names the manifest, and the same theme colour as the browser's bar.
  const home = await (await request.get('/')).text();
  expect(home).toContain('<link rel="manifest" href="/manifest.webmanifest"');
  const themeMeta = /<meta name="theme-color" content="([^"]+)"/.exec(home)?.[1];

  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as {
    name?: string;
    start_url?: string;
    scope?: string;
    display?: string;
    theme_color?: string;
    background_color?: string;
    icons?: ManifestIcon[];
  };
  expect(manifest.name).toBeTruthy();
  expect(manifest.display).toMatch(/^(standalone|fullscreen|minimal-ui)$/);
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.theme_color).toBe(themeMeta);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  // The start page is inside the scope and is served (the app shell).
  expect(manifest.start_url?.startsWith(manifest.scope ?? '/')).toBe(true);
  expect((await request.get(manifest.start_url ?? '')).status()).toBe(200);

  const icons = manifest.icons ?? [];
  const purposes = (icon: ManifestIcon) => (icon.purpose ?? 'any').split(' ');
  for (const [sizes, purpose] of [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ] as const) {
    const icon = icons.find((i) => i.sizes === sizes && purposes(i).includes(purpose));
    expect(icon, `a ${sizes} icon for ${purpose}`).toBeDefined();
  }
  // Every icon listed exists, is a PNG, and is the size the manifest says.
  for (const icon of icons) {
    expect(icon.type).toBe('image/png');
    expect(await pngSize(request, icon.src)).toBe(icon.sizes);
  }
});

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
  // Step through runs the same Python, under the tracer, from the cached runtime.
  await setCode(page, 'words = ["still"]\nsame = words\nsame.append("here")\nprint(words)');
  await card.getByRole('button', { name: 'Step through', exact: true }).click();
  const steps = card.getByTestId('step-through');
  await expect(steps.getByTestId('step-position')).toHaveText('Step 1 of 5', { timeout: 60_000 });
  await steps.getByRole('slider', { name: 'Step' }).fill('5');
  await expect(steps.getByTestId('step-line')).toHaveText('The program has finished.');
  await expect(steps.locator('tr[data-name="words"] td code')).toHaveText("['still', 'here']");
  await expect(steps.locator('tr[data-name="same"] [data-testid="alias"]')).toContainText('words');
  await expect(steps.getByTestId('step-output')).toHaveText("['still', 'here']");
  await steps.getByRole('button', { name: 'Close steps' }).click();
  await setCode(page, exercise.solution);
  await card.getByRole('button', { name: 'Check' }).click();
  await expect(card.locator('[data-result]')).toContainText('Correct!', { timeout: 60_000 });
  await expect(
    card.getByText(/kept on this device, and sent when the connection is back/),
  ).toBeVisible();
  // The code downloads as a .py file offline too: the browser writes it from memory.
  const saving = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download .py' }).click();
  const file = await saving;
  expect(file.suggestedFilename()).toBe(
    `${exercise.id.replace(/^m\d+-e\d+-/, '').replaceAll('-', '_')}.py`,
  );
  expect(readFileSync(await file.path(), 'utf8')).toBe(exercise.solution);

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
