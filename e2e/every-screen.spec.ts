import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { pages } from '../src/shared/routes.ts';
import { becomeSubscriber, expectNoAxeViolations, freshEmail, signIn } from './journeys.ts';

/*
 * Issue 22: every screen in both themes and on a phone. Every page route of src/shared/routes.ts is
 * visited (a route added there without an address below fails the test), as a visitor, as a signed-in
 * learner without access and as a subscriber: in the dark and the light colour scheme the page has a
 * background of that theme and axe finds nothing; at 360 by 740 nothing scrolls sideways.
 */

type Who = 'visitor' | 'signed in' | 'subscriber';

/** A real address for each route; parameters filled with a value the page can show. */
async function addressesOf(page: Page, who: Who): Promise<string[]> {
  let quiz = 'no-such-quiz';
  let project = 'no-such-project';
  if (who === 'subscriber') {
    const list = await page.request.get('/api/quizzes');
    expect(list.ok()).toBe(true);
    quiz = ((await list.json()) as { _id: string }[])[0]?._id ?? quiz;
    const projects = await page.request.get('/api/projects');
    expect(projects.ok()).toBe(true);
    const first = ((await projects.json()) as { projects: { slug: string }[] }).projects[0];
    project = first?.slug ?? project;
  }
  const fill: Record<string, string> = {
    '/article/:slug': '/article/should-i-learn-to-code',
    '/demo-checkout/:id': '/demo-checkout/cs_demo_no_such_session',
    '/dashboard/lessons/:module': '/dashboard/lessons/module3',
    '/dashboard/quiz/:quizTitle': `/dashboard/quiz/${quiz}`,
    '/dashboard/projects/:slug': `/dashboard/projects/${project}`,
    '/certificates/:id': '/certificates/no-such-certificate',
  };
  return pages.map(({ path }) => {
    if (!path.includes(':')) return path;
    const address = fill[path];
    if (!address) throw new Error(`every-screen.spec.ts: give ${path} an address to visit`);
    return address;
  });
}

/**
 * Opens a page and waits until it has shown its content: the h1 of the page (or of the page it sent
 * the visitor to), or the status line of a page that is still waiting for something (payment-success).
 */
async function open(page: Page, address: string) {
  await page.goto(address);
  await expect(page.locator('#main :is(h1, [role="status"])').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** The relative luminance of the page's background (the body's). */
function backgroundLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const [r = 255, g = 255, b = 255] = (
      getComputedStyle(document.body).backgroundColor.match(/[\d.]+/g) ?? []
    ).map(Number);
    const linear = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  });
}

async function contextFor(
  browser: Browser,
  who: Who,
  options: Parameters<Browser['newContext']>[0],
): Promise<{ context: BrowserContext; page: Page }> {
  // A context of our own so axe can open its helper frames.
  const { viewport, ...rest } = options ?? {};
  const context = await browser.newContext(rest);
  const page = await context.newPage();
  if (who === 'signed in') await signIn(page, 'Dana Dark', freshEmail('dana'));
  if (who === 'subscriber') await becomeSubscriber(page, 'Sam Screen', freshEmail('sam'));
  // Signed in at a desktop width (the greeting the helpers wait for is in the phone's closed menu).
  if (viewport) await page.setViewportSize(viewport);
  return { context, page };
}

for (const who of ['visitor', 'signed in', 'subscriber'] as const) {
  test.describe(`every route, ${who}`, () => {
    test.describe.configure({ timeout: 240_000 });

    for (const scheme of ['dark', 'light'] as const) {
      test(`${scheme} scheme: a ${scheme} background and no axe violations`, async ({
        browser,
      }) => {
        const { context, page } = await contextFor(browser, who, { colorScheme: scheme });
        for (const address of await addressesOf(page, who)) {
          await test.step(address, async () => {
            await open(page, address);
            const luminance = await backgroundLuminance(page);
            if (scheme === 'dark') expect(luminance, address).toBeLessThan(0.05);
            else expect(luminance, address).toBeGreaterThan(0.7);
            await expectNoAxeViolations(page);
          });
        }
        await context.close();
      });
    }

    if (who !== 'signed in') {
      test('360 by 740: no page scrolls sideways', async ({ browser }) => {
        const { context, page } = await contextFor(browser, who, {
          viewport: { width: 360, height: 740 },
          hasTouch: true,
          isMobile: true,
        });
        for (const address of await addressesOf(page, who)) {
          await test.step(address, async () => {
            await open(page, address);
            const { scrollWidth, clientWidth } = await page.evaluate(() => ({
              scrollWidth: document.documentElement.scrollWidth,
              clientWidth: document.documentElement.clientWidth,
            }));
            expect(scrollWidth, address).toBeLessThanOrEqual(clientWidth);
            if (address.startsWith('/dashboard/quiz/') && who === 'subscriber') {
              // Quiz answers and the quiz's buttons are large targets for a thumb: 44 px high.
              const targets = page.locator('#main input[type="radio"] + label, #main button');
              await expect(targets.first()).toBeVisible();
              const heights = await targets.evaluateAll((elements) =>
                elements
                  .filter((element) => element.getClientRects().length > 0)
                  .map((element) => element.getBoundingClientRect().height),
              );
              expect(heights.length).toBeGreaterThan(2);
              for (const height of heights) expect(height).toBeGreaterThanOrEqual(44);
            }
          });
        }
        await context.close();
      });
    }
  });
}

test.describe('the navbar menu on a phone', () => {
  test('opens and navigates by touch', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await open(page, '/');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.tap();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('link', { name: 'Pricing' }).tap();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Pricing' })).toBeHidden();
    await context.close();
  });

  test('opens and navigates by keyboard', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await open(page, '/');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    // The links follow the button in the tab order: Home, Dashboard, Pricing.
    for (const name of ['Home', 'Dashboard', 'Pricing']) {
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name, exact: true })).toBeFocused();
    }
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/pricing$/);
    await context.close();
  });
});

test.describe('dark mode from the first paint', () => {
  /** The colour of one pixel of a screenshot, read in another page (the page itself runs no script). */
  async function pixel(reader: Page, png: Buffer, x: number, y: number): Promise<number[]> {
    return reader.evaluate(
      async ({ data, x, y }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d canvas');
        context.drawImage(image, 0, 0);
        return [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
      },
      { data: png.toString('base64'), x, y },
    );
  }

  test('a pre-rendered page with the dark preference is dark before any script runs', async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: 'dark', javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/privacy', { waitUntil: 'commit' });
    await page.waitForSelector('h1');
    const png = await page.screenshot();
    const reader = await browser.newPage();
    const [r = 255, g = 255, b = 255] = await pixel(reader, png, 20, 300);
    expect(Math.max(r, g, b), `background rgb(${r} ${g} ${b})`).toBeLessThan(60);
    await reader.close();
    await context.close();
  });

  test('the choice made in the navbar wins over the device, from the first paint of the next page', async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    await open(page, '/privacy');
    await page.getByLabel('Colour theme').selectOption('dark');
    expect(await backgroundLuminance(page)).toBeLessThan(0.05);
    // Only the inline boot script may run now: every script file is refused.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/terms-and-conditions');
    await page.waitForSelector('h1');
    const png = await page.screenshot();
    const reader = await browser.newPage();
    const [r = 255, g = 255, b = 255] = await pixel(reader, png, 20, 300);
    expect(Math.max(r, g, b), `background rgb(${r} ${g} ${b})`).toBeLessThan(60);
    // Light again, for this device only; back to following the device.
    await page.unroute('**/*.js');
    await open(page, '/privacy');
    await expect(page.getByLabel('Colour theme')).toHaveValue('dark');
    await page.getByLabel('Colour theme').selectOption('system');
    expect(await backgroundLuminance(page)).toBeGreaterThan(0.7);
    await reader.close();
    await context.close();
  });
});
