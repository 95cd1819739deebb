import { expect, test } from '@playwright/test';

test('the home page opens with its title', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/\| Indent$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('an unknown page under /dashboard shows the app, not a server error', async ({ page }) => {
  const response = await page.goto('/dashboard/this/does/not/exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: "We couldn't find that page" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
});
