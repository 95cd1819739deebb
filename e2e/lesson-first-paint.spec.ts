import { expect, test } from '@playwright/test';
import { becomeSubscriber, freshEmail, holdAppStart } from './journeys.ts';

// No service worker: the start script must reach the network to be held back (a worker could answer
// it from its cache), and the drawn page must come from the server itself.
test.use({ serviceWorkers: 'block' });

/*
 * A subscriber's lesson drawn on the server (issue 24, decision 0023): its text is in the HTML, so
 * it can be read before the app's scripts arrive, and the app then hydrates it rather than drawing
 * it again.
 */

test('a subscriber’s lesson can be read before the app starts, and the app takes it over as it is', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await becomeSubscriber(page, 'Katherine Johnson', freshEmail('katherine'));

  const release = await holdAppStart(page);
  await page.goto('/dashboard/lessons/module3');
  const heading = page.getByRole('heading', { level: 1, name: /Control Flow/ });
  await expect(heading).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Practice exercises' })).toBeVisible();
  await expect(page).toHaveTitle(/Control Flow Lesson \| Indent$/);
  await expect(page.getByText('Welcome, Katherine')).toBeVisible();
  // Marks the heading the server sent: hydration keeps the element, drawing afresh would replace it.
  await heading.evaluate((element) => element.setAttribute('data-from-server', ''));

  release();
  // The app has taken over: the editors come once the learner's saved code is known.
  await expect(page.getByRole('textbox', { name: /^Code for / }).first()).toBeVisible();
  await expect(page.locator('h1[data-from-server]')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('a visitor asking for a lesson gets no lesson text and is sent to sign in', async ({
  page,
}) => {
  const html = await (await page.request.get('/dashboard/lessons/module3')).text();
  expect(html).not.toMatch(/Control Flow/);
  await page.goto('/dashboard/lessons/module3');
  await expect(page).toHaveURL(/\/login$/);
});
