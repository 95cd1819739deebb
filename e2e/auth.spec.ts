import { expect, test } from '@playwright/test';
import { signInThroughDevPage } from './journeys.ts';

test('a visitor opening the dashboard signs in and comes back to where they started', async ({
  page,
}) => {
  // Includes hydration mismatches: /login is pre-rendered and is loaded again with ?code=&state=.
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log in or Sign Up' })).toBeVisible();

  await signInThroughDevPage(page, 'Ada Lovelace', 'ada@example.com');

  // Back at /dashboard, which sends a signed-in person without access on to /pricing.
  await expect(page).toHaveURL(/\/pricing$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText('Welcome, Ada')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Pricing' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Account Details' })).toHaveCount(0);
  await expect(nav.getByRole('button', { name: 'Log Out' })).toBeVisible();

  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('user') ?? 'null') as { name: string } | null,
  );
  expect(stored?.name).toBe('Ada Lovelace');
  expect(pageErrors).toEqual([]);
});

test('the navbar turns light once the page is scrolled 56 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/privacy');
  const header = page.locator('header').first();
  await page.evaluate(() => {
    // Make sure the page is tall enough to scroll whatever the placeholder content is.
    document.body.style.minHeight = '3000px';
  });
  await page.evaluate(() => window.scrollTo(0, 40));
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  const topColour = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
  await page.evaluate(() => window.scrollTo(0, 56));
  await expect(header).toHaveAttribute('data-scrolled', 'true');
  await expect
    .poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor))
    .not.toBe(topColour);
});

test('Log Out returns to the home page and Log In shows again', async ({ page }) => {
  await page.goto('/login');
  await signInThroughDevPage(page, 'Grace Hopper', 'grace@example.com');
  await expect(page).toHaveURL(/\/$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText('Welcome, Grace')).toBeVisible();

  await nav.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(nav.getByRole('link', { name: 'Log In' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

  // The session is gone on the server too: the protected page sends us to sign in again.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('the small-screen menu opens with its button and works by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/privacy');
  const toggle = page.getByRole('button', { name: 'Menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Home' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Continue with Google still starts signing in (the button is a real form)', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/dev-login\?state=/);
  });
});
