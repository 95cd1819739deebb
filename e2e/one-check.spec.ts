import { expect, test, type Locator, type Page } from '@playwright/test';
import { becomeSubscriber, freshEmail } from './journeys.ts';

/*
 * Issue 30: one request per Check. The browser shows its verdict at once and sends the code once;
 * the server stores the code, the solved state and the version with its own verdict together.
 * Without the service worker, so every request the page makes is seen here.
 */
test.use({ serviceWorkers: 'block' });

const EXERCISE = 'm04-e1-greet-guests';
const SOLUTION =
  'def greet(name):\n    print(f"Hello, {name}! Welcome back.")\n\ngreet("Maya")\ngreet("Tom")\n';

function card(page: Page): Locator {
  return page.locator(`article[data-exercise-id="${EXERCISE}"]`);
}

async function typeSolution(page: Page) {
  const editor = card(page).getByRole('textbox', { name: /^Code for / });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(SOLUTION);
  // The typing has been saved: nothing of it is left to send when Check is pressed.
  await expect(card(page).getByText('Saved', { exact: true })).toBeVisible();
}

test('a Check is one write: the code, its verdict and the solved state in one request', async ({
  page,
}) => {
  await becomeSubscriber(page, 'Una Check', freshEmail('una'));
  await page.goto('/dashboard/lessons/module4');
  await typeSolution(page);

  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/') && request.method() !== 'GET') {
      writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
    }
  });
  const stored = page.waitForResponse((r) => r.url().endsWith('/checks'));
  await card(page).getByRole('button', { name: 'Check' }).click();
  await expect(card(page).locator('[data-result]')).toContainText('Correct!', { timeout: 30_000 });
  await stored;
  await expect(card(page).getByText('Saved', { exact: true })).toBeVisible();
  expect(writes).toEqual([`POST /api/exercise-progress/${EXERCISE}/checks`]);

  // The server kept it as solved, and the version with its verdict.
  await page.reload();
  await expect(card(page).getByTestId('solved-badge')).toBeVisible();
});

test('a Check made offline is kept on the device and sent, as a Check, once back', async ({
  page,
}) => {
  await becomeSubscriber(page, 'Otto Offline', freshEmail('otto'));
  await page.goto('/dashboard/lessons/module4');
  await typeSolution(page);
  await page.route('**/api/exercise-progress/**', (route) => route.abort('internetdisconnected'));
  await card(page).getByRole('button', { name: 'Check' }).click();
  await expect(card(page).locator('[data-result]')).toContainText('Correct!', { timeout: 30_000 });
  await expect(card(page).getByText(/^Not saved yet: kept on this device/)).toBeVisible();
  await page.unroute('**/api/exercise-progress/**');

  const sent = page.waitForResponse((r) => r.url().endsWith('/checks') && r.ok());
  await page.reload();
  await sent;
  await expect(card(page).getByTestId('solved-badge')).toBeVisible();
  const saved = await page.request.get('/api/exercise-progress?module=4');
  const { exercises } = (await saved.json()) as {
    exercises: { exerciseId: string; solved: boolean }[];
  };
  expect(exercises.find((e) => e.exerciseId === EXERCISE)?.solved).toBe(true);
});
