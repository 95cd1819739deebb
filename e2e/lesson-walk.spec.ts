import { expect, test, type Page } from '@playwright/test';
import { becomeSubscriber, freshEmail } from './journeys.ts';

/*
 * Issue 40: a subscriber who reads quickly opens the lessons of modules 1 to 15 one after the other
 * (each page opened, its exercises shown, then the next) and must stay signed in. Leaving a page
 * while its re-fetch of the user is still arriving used to sign the learner out (the body that could
 * not be read became `null`, which was stored as "nobody"). Decision 0024.
 */

const WALKS = Number(process.env.LESSON_WALKS ?? 10);

/** A slow phone's connection, as Chrome's own "Slow 4G" preset. */
const SLOW_PHONE = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

async function storedGoogleId(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('user');
    return raw ? ((JSON.parse(raw) as { googleId?: string }).googleId ?? null) : null;
  });
}

async function walkAllLessons(page: Page, googleId: string, walk: string) {
  for (let module = 1; module <= 15; module++) {
    await page.goto(`/dashboard/lessons/module${module}`);
    await expect(page, `${walk}, module ${module}`).toHaveURL(
      new RegExp(`/dashboard/lessons/module${module}$`),
    );
    await expect(page.getByRole('heading', { level: 2, name: 'Practice exercises' })).toBeVisible();
    // The exercises are shown: their editors come once the learner's saved code is known.
    await expect(page.getByRole('textbox', { name: /^Code for / }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
    expect(await storedGoogleId(page), `${walk}, module ${module}`).toBe(googleId);
  }
}

test('an answer about the learner that arrives cut off signs nobody out', async ({ page }) => {
  await becomeSubscriber(page, 'Walker Cut', freshEmail('walker-cut'));
  const googleId = await storedGoogleId(page);
  // What a page being left receives: a 200 whose body ends half-way.
  await page.route(/\/api\/user\/[^/]+$/, async (route) => {
    const whole = await (await route.fetch()).text();
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: whole.slice(0, whole.length >> 1),
    });
  });
  await walkAllLessons(page, googleId ?? '', 'cut off');
});

/*
 * The two walks run side by side, each in its own browser context (a learner each), so the journey
 * costs the time of the slower one.
 */
test(`a subscriber walks through all 15 lessons ${WALKS} times in a row and stays signed in, on a fast network and on a slow phone's`, async ({
  browser,
}) => {
  test.setTimeout(WALKS * 120_000);
  const walker = async (network: 'fast' | 'slow phone') => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await becomeSubscriber(page, `Walker ${network}`, freshEmail('walker'));
      const googleId = await storedGoogleId(page);
      expect(googleId).not.toBeNull();
      if (network === 'slow phone') {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.emulateNetworkConditions', SLOW_PHONE);
      }
      for (let walk = 1; walk <= WALKS; walk++) {
        await walkAllLessons(page, googleId ?? '', `${network}, walk ${walk}`);
      }
    } finally {
      await context.close();
    }
  };
  await Promise.all([walker('fast'), walker('slow phone')]);
});
