import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { ExerciseCheckReply } from '#shared/api/exercise-progress.schema.ts';
import type { LessonReply } from '#shared/api/lesson.schema.ts';
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

const FRAME = 'm04-e6-rectangle-frame';
const FRAME_SOLUTION = [
  'import turtle',
  '',
  'def frame(width, height):',
  '    """Draw a width-by-height rectangle, ending as it began."""',
  '    for side in range(2):',
  '        turtle.forward(width)',
  '        turtle.left(90)',
  '        turtle.forward(height)',
  '        turtle.left(90)',
  '',
  'frame(100, 50)',
  '',
].join('\n');
/** The same, but the turtle forgets the last turn: the rectangle is right, the heading is not. */
const FRAME_FORGETS_TO_TURN = [
  'import turtle',
  '',
  'def frame(width, height):',
  '    """Draw a width-by-height rectangle."""',
  '    turtle.forward(width)',
  '    turtle.left(90)',
  '    turtle.forward(height)',
  '    turtle.left(90)',
  '    turtle.forward(width)',
  '    turtle.left(90)',
  '    turtle.forward(height)',
  '',
  'frame(100, 50)',
  '',
].join('\n');

/** Puts `code` in the exercise's editor, presses Check and returns the server's reply. */
async function check(page: Page, card: Locator, code: string): Promise<ExerciseCheckReply> {
  const editor = card.getByRole('textbox', { name: /^Code for / });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
  await expect(card.getByText('Saved', { exact: true })).toBeVisible();
  const stored = page.waitForResponse((r) => r.url().endsWith(`/${FRAME}/checks`));
  await card.getByRole('button', { name: 'Check' }).click();
  const response = await stored;
  expect(response.ok()).toBe(true);
  return (await response.json()) as ExerciseCheckReply;
}

/** With TURTLE_SCREENSHOTS=<folder>: what `target` looks like, light and dark. */
async function shoot(target: Locator, name: string) {
  const folder = process.env.TURTLE_SCREENSHOTS;
  if (!folder) return;
  const page = target.page();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await target.screenshot({ path: `${folder}/${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
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

  test('a drawing exercise is judged on its drawing, in the browser and on the server', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard/lessons/module4');
    const card = page.locator(`article[data-exercise-id="${FRAME}"]`);
    const result = card.locator('[data-result]');

    let reply = await check(page, card, FRAME_FORGETS_TO_TURN);
    await expect(result).toContainText('the turtle should face the way it started');
    expect(reply.passed).toBe(false);
    expect(reply.message).toContain('the turtle should face the way it started');
    expect(reply.progress.solved).toBe(false);

    reply = await check(page, card, FRAME_SOLUTION);
    await expect(result).toContainText('Correct!');
    expect(reply.passed).toBe(true);
    expect(reply.progress.solved).toBe(true);

    // What the server stored is what the page shows after a reload.
    await page.reload();
    await expect(card.getByTestId('solved-badge')).toBeVisible();
  });

  for (const width of [1280, 360]) {
    test(`a picture checkpoint: a wrong picture says why not, the right one draws, ${width} px wide`, async () => {
      await page.setViewportSize({ width, height: 900 });
      const lesson = (await (await page.request.get('/api/lessons/module3')).json()) as LessonReply;
      const pictures = lesson.codeBlocks.find((b) => b.checkpoint?.pictures)?.checkpoint?.pictures;
      expect(pictures, 'module 3 has a picture checkpoint').toBeTruthy();
      const right = pictures?.find((p) => p.right);
      const wrong = pictures?.find((p) => !p.right);
      if (!right || !wrong)
        throw new Error('a picture checkpoint needs a right and a wrong picture');

      await page.goto('/dashboard/lessons/module3');
      const widget = page
        .locator('[data-checkpoint-widget]')
        .filter({ has: page.getByRole('group', { name: /Which picture will this draw\?/ }) });
      // Drawn with the page, before anything has run (Python loads on the first run): one small
      // picture per option.
      await expect(widget.getByRole('img')).toHaveCount(pictures?.length ?? 0);
      await widget.scrollIntoViewIfNeeded();

      await widget.getByRole('radio', { name: wrong.alt }).check();
      await widget.getByRole('button', { name: 'Check my prediction' }).click();
      const whyNot = (wrong.whyNotHtml ?? '').replace(/<[^>]+>/g, '');
      await expect(widget.getByRole('status').first()).toHaveText(`Not this one. ${whyNot}`);
      await expect(widget.getByText('You tried this one')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await shoot(widget, `picture-checkpoint-${width}`);

      await widget.getByRole('radio', { name: right.alt }).check();
      await widget.getByRole('button', { name: 'Check my prediction' }).click();
      await expect(widget.getByText('You predicted it.')).toBeVisible();
      // The checkpoint runs, and its own drawing appears under its (empty) output.
      await expect(widget.locator('figure[data-drawn="all"]')).toBeVisible({ timeout: 30_000 });
      await expect(
        widget.getByRole('img', { name: /^A drawing of 3 lines in black, about 100 by 87\.$/ }),
      ).toBeVisible();
      await shoot(widget, `picture-checkpoint-revealed-${width}`);
    });
  }

  test('Stop while a drawing appears leaves it as it stands', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard/lessons/module1');
    const slot = page.locator('[data-try-it]').first();
    await slot.getByRole('button', { name: 'Try it' }).click();
    await slot.getByRole('textbox', { name: /^Example \d+, editable$/ }).click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    // The slowest speed: 10 lines a second, so 60 lines take six seconds to appear.
    await page.keyboard.insertText(
      'import turtle\nturtle.speed(1)\nfor side in range(60):\n    turtle.forward(100)\n    turtle.left(174)',
    );
    await slot.getByRole('button', { name: 'Run', exact: true }).click();
    const figure = slot.locator('figure[data-drawn="some"]');
    // A line along the x axis has no height, so Playwright never calls it visible: count them.
    await expect.poll(() => figure.locator('line').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    // The run is over, but Stop stops the drawing.
    await slot.getByRole('button', { name: 'Stop', exact: true }).click();
    const stopped = slot.locator('figure[data-drawn="stopped"]');
    const caption = stopped.getByText(/^Stopped: \d+ of 60 shapes drawn\./);
    await expect(caption).toBeVisible();
    const drawn = Number(/Stopped: (\d+)/.exec((await caption.textContent()) ?? '')?.[1]);
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(60);
    await expect(stopped.locator('line')).toHaveCount(drawn);
    // The picture is named by what it shows, and Stop has nothing left to stop.
    await expect(
      stopped.getByRole('img', { name: new RegExp(`^A drawing of ${drawn} lines? in black`) }),
    ).toBeVisible();
    await expect(slot.getByRole('button', { name: 'Stop', exact: true })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});
