import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { becomeSubscriber } from './journeys.ts';

/*
 * Drawing with turtle (issue 34, decision 0033): a learner runs a program that draws a square in a
 * lesson's Try it editor and sees the drawing under the output, on a wide screen and on a phone.
 * TURTLE_SCREENSHOTS=<folder> also saves what it looks like, light and dark.
 */

const SQUARE =
  'import turtle\nfor side in range(4):\n    turtle.forward(100)\n    turtle.left(90)\nprint("done")';

/** The lesson's first Try it editor, opened, holding the square program. */
async function openTryIt(page: Page) {
  await page.goto('/dashboard/lessons/module1');
  const slot = page.locator('[data-try-it]').first();
  await slot.getByRole('button', { name: 'Try it' }).click();
  await slot.getByRole('textbox', { name: /^Example \d+, editable$/ }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(SQUARE);
  return slot;
}

test.describe('turtle drawings in the runner', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await becomeSubscriber(page, 'Turtle Learner', `turtle-${Date.now()}@example.com`);
  });
  test.afterAll(async () => {
    await page.close();
  });

  for (const width of [1280, 360]) {
    test(`a square drawn with turtle is shown as a picture, ${width} px wide`, async () => {
      await page.setViewportSize({ width, height: 800 });
      const slot = await openTryIt(page);
      await slot.getByRole('button', { name: 'Run', exact: true }).click();

      await expect(slot.getByLabel(/^Output of example/)).toHaveText('done', { timeout: 30_000 });
      const picture = slot.getByRole('img', {
        name: 'A drawing of 4 lines in black, about 100 by 100.',
      });
      await expect(picture).toBeVisible();
      // Drawn line by line at the turtle's speed; the arrow of the turtle comes last.
      await expect(slot.locator('figure[data-drawn="all"]')).toBeVisible();
      await expect(picture.locator('line')).toHaveCount(4);
      const saved = page.waitForEvent('download');
      await slot.getByRole('button', { name: 'Save as SVG' }).click();
      const svg = await saved;
      expect(svg.suggestedFilename()).toBe('drawing.svg');
      expect(readFileSync(await svg.path(), 'utf8').match(/<line /g)).toHaveLength(4);
      const png = page.waitForEvent('download');
      await slot.getByRole('button', { name: 'Save as PNG' }).click();
      const image = await png;
      expect(image.suggestedFilename()).toBe('drawing.png');
      // A PNG file: its signature, and more than an empty canvas.
      const bytes = readFileSync(await image.path());
      expect(bytes.subarray(1, 4).toString()).toBe('PNG');
      expect(bytes.length).toBeGreaterThan(1_000);

      const box = await picture.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(200);
      // Nothing wider than the phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );

      const folder = process.env.TURTLE_SCREENSHOTS;
      if (folder) {
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await slot.scrollIntoViewIfNeeded();
          await slot.screenshot({ path: `${folder}/turtle-${width}-${scheme}.png` });
        }
        await page.emulateMedia({ colorScheme: 'light' });
      }
    });
  }

  test('Step through shows the drawing as it stands at each step', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const slot = await openTryIt(page);
    await slot.getByRole('button', { name: 'Step through', exact: true }).click();
    const panel = slot.getByTestId('step-through');
    await expect(panel.getByTestId('step-line')).toContainText('line 1', { timeout: 30_000 });
    // Lines 1 (import), 2 (for), 3 (the first forward, not run yet): nothing drawn.
    await expect(panel.getByTestId('step-drawing')).toHaveCount(0);
    for (let i = 0; i < 3; i++) await panel.getByRole('button', { name: 'Next' }).click();
    const picture = panel.getByRole('img', {
      name: 'A drawing of 1 line in black, about 100 by 0.',
    });
    await expect(picture.locator('line')).toHaveCount(1);
  });
});
