import { expect, test } from '@playwright/test';
import { becomeSubscriber, expectNoAxeViolations, freshEmail } from './journeys.ts';

test('after the demo purchase, the development mail page shows the receipt with the access end date', async ({
  page,
}) => {
  const email = freshEmail('katherine');
  await becomeSubscriber(page, 'Katherine Johnson', email);

  // The end date the server granted, as the receipt writes it (a mail has no time zone: UTC).
  const googleId = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('user') ?? '{}') as { googleId?: string }).googleId,
  );
  const subscription = await page.request.get(`/api/subscription/${googleId ?? ''}`);
  expect(subscription.ok()).toBe(true);
  const { accessEndDate } = (await subscription.json()) as { accessEndDate: string };
  const endsOn = new Date(accessEndDate).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

  await page.goto('/dev-mail');
  await expect(page).toHaveTitle('Development mail | Indent');
  await expect(page.getByText('Development only')).toBeVisible();
  // The server's sender writes the mail within a few seconds; the page refreshes by itself.
  const receipt = page.getByRole('article', { name: 'Your receipt and welcome to Indent' });
  await expect(receipt).toBeVisible({ timeout: 15_000 });
  await expect(receipt.getByText(email, { exact: true })).toBeVisible();
  const text = receipt.locator('pre');
  await expect(text).toContainText(`Access ends: ${endsOn} (UTC)`);
  await expect(text).toContainText('Amount paid: $489.00');
  await expect(text).toContainText('Bought: The Ultimate Learn to Code Curriculum');
  await expect(text).toContainText(/Order reference: [0-9a-f-]{36}/);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expectNoAxeViolations(page);

  // The HTML version opens in an empty-sandbox frame (checked by axe above while closed: axe cannot
  // enter a frame that runs no script).
  await receipt.getByText('HTML version').click();
  const html = page.frameLocator('iframe[title^="HTML version"]');
  await expect(html.getByRole('link', { name: 'Go to your dashboard' })).toBeVisible();
  await expect(html.getByText(`${endsOn} (UTC)`)).toBeVisible();
});
