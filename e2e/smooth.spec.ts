import { expect, test, type Browser, type Page } from '@playwright/test';
import { becomeSubscriber, freshEmail, signIn } from './journeys.ts';

/*
 * Issue 36 on a phone (decision 0031): nothing scrolls sideways at 360 px and the lesson's search
 * box keeps a usable width; no page logs an error (React's hydration error #418 included) for a
 * visitor, a signed-in learner without access or a subscriber, in dark mode.
 */

const PHONE = { width: 360, height: 740 };
const LESSON = '/dashboard/lessons/module8';

type Who = 'visitor' | 'learner' | 'subscriber';

async function phoneAs(browser: Browser, who: Who) {
  // Signed in on a wide screen, where the navbar's greeting that signIn waits for is in view.
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  if (who === 'learner') await signIn(page, 'Lee Learner', freshEmail('lee'));
  if (who === 'subscriber') await becomeSubscriber(page, 'Sue Subscriber', freshEmail('sue'));
  await page.setViewportSize(PHONE);
  return { context, page };
}

/** Every console error and uncaught exception the page reports from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/**
 * The app has taken the page over (its hydration has run, and logged any mismatch): the phone menu
 * opens, or, on a lesson, the search box takes the focus. A learner whose first tap, made while the
 * page was still starting, did not open the menu taps again, and so does this: once in a full CI
 * run a subscriber’s held tap was lost (noted in the closing note of issue 31).
 */
async function expectAppLive(page: Page) {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.count()) {
    await expect(async () => {
      if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true', { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  } else {
    await page.keyboard.press('/');
    await expect(page.getByRole('searchbox')).toBeFocused();
  }
}

test("module 8's lesson fits a 360 px screen, with a usable search box", async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, page } = await phoneAs(browser, 'subscriber');
  await page.goto(LESSON);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const search = page.getByRole('searchbox');
  await expect(search).toBeVisible();
  // Every section drawn: a wide element anywhere in the lesson would widen the page.
  await expect(page.getByRole('heading', { name: 'Practice exercises' })).toBeVisible();
  const wide = await page.evaluate(() => {
    // On a failure, the outermost elements that reach past the screen's right edge are named.
    const past = (el: Element) => el.getBoundingClientRect().right > window.innerWidth + 0.5;
    // Inside a box that scrolls on its own (a code block), width is that box's business.
    const clipped = (el: Element) => {
      for (let up = el.parentElement; up; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => past(el) && !clipped(el) && !(el.parentElement && past(el.parentElement)))
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.slice(0, 60)}`);
    return { width: document.documentElement.scrollWidth, culprits };
  });
  expect(wide.width, wide.culprits.join('\n')).toBeLessThanOrEqual(PHONE.width);
  const box = await search.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(200);
  await context.close();
});

for (const who of ['visitor', 'learner', 'subscriber'] as const) {
  test(`no console error for a ${who} on a phone in dark mode`, async ({ browser }) => {
    test.setTimeout(90_000);
    const { context, page } = await phoneAs(browser, who);
    const errors = collectErrors(page);
    for (const path of ['/', '/pricing', LESSON]) {
      // A fresh load each time: hydration of the pre-rendered page is what is checked.
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectAppLive(page);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('on a touch screen the note under an editor speaks of tapping, not of keys', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // Issue 35: a phone has no Ctrl, Escape or Tab; Chromium's touch emulation reports a coarse
  // pointer without hover, as a phone does.
  const context = await browser.newContext({ hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await becomeSubscriber(page, 'Tia Touch', freshEmail('tia'));
  await page.setViewportSize(PHONE);
  await page.goto('/dashboard/lessons/module1');
  const card = page.locator('article[data-exercise-id]').first();
  await expect(card.getByText('Tap the code to edit it, then tap Run.')).toBeVisible();
  await expect(card.getByText(/Ctrl\+Enter/)).toBeHidden();
  await context.close();
});
