import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, freshEmail, runAdmin, signIn } from './journeys.ts';

// Promotion codes (issue 38, decision 0036): the seller makes a code with the admin command on the
// server's database, and a learner buys with it through the demo checkout.

test('a learner buys with a promotion code: refused typo, discounted checkout, success, account', async ({
  page,
}) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`;
  expect(runAdmin('codes', 'create', code, '--percent', '25', '--max', '5')).toContain(
    `Created ${code}: 25% off`,
  );

  await signIn(page, 'Grace Hopper', freshEmail('grace'));
  await page.goto('/pricing');
  const card = page.getByRole('article', { name: 'The Ultimate Learn to Code Curriculum' });
  await card.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/demo-checkout\/demo_cs_/);

  const field = page.getByLabel('Promotion code');
  await field.fill('NOTAREALCODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'There is no promotion code "NOTAREALCODE". Check the spelling and try again.',
  );
  await expect(field).toBeFocused();
  await expect(page.getByRole('button', { name: 'Pay $489.00' })).toBeVisible();

  await field.fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  const summary = page.getByRole('definition');
  await expect(page.getByText(`Promotion code ${code}`)).toBeVisible();
  await expect(summary.filter({ hasText: '−$122.25' })).toBeVisible();
  await expect(summary.filter({ hasText: /^\$366\.75$/ })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Pay $366.75' }).click();

  await expect(page).toHaveURL(/\/payment-success\?session_id=demo_cs_/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Account Details' }).click();
  await expect(page.getByRole('heading', { name: 'Your Access Details:' })).toBeVisible();
  await expect(page.getByText(/^Access Granted Until: /)).toBeVisible();
  await expect(page.getByTestId('access-promo')).toHaveText(
    `Paid $366.75 with promotion code ${code} (list price $489.00).`,
  );
  await expectNoAxeViolations(page);

  expect(runAdmin('codes', 'list')).toMatch(new RegExp(`${code}\\s+25% off\\s+1\\s+4\\s`));
});
