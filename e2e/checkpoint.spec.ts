import { expect, test, type Page } from '@playwright/test';
import type { LessonReply } from '#shared/api/lesson.schema.ts';
import { becomeSubscriber, expectNoAxeViolations, freshEmail } from './journeys.ts';

/*
 * A checkpoint (predict, then run), answered with the keyboard only: Tab into the first
 * checkpoint's choices, a wrong prediction (kept hidden, marked as tried), then the right one, which
 * runs the block in the browser's Python and shows what it printed. Then axe on the lesson with the
 * checkpoint open. The right and wrong choices come from the lesson's own reply, so the journey
 * follows whatever the writers put there.
 */

const LESSON = 3;

/** Normalised as the verifier and the widget compare outputs. */
const normal = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n+$/, '');

async function focusedRadioIndex(page: Page): Promise<number> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLInputElement) || el.type !== 'radio') return -1;
    const widget = el.closest('[data-checkpoint-widget]');
    const first = document.querySelector('[data-checkpoint-widget]');
    if (!widget || widget !== first) return -1;
    return Array.from(widget.querySelectorAll('input[type=radio]')).indexOf(el);
  });
}

async function press(page: Page, key: string, times: number) {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

test('the first checkpoint of a lesson, by keyboard: a wrong pick, then the right one runs', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A context of our own (not browser.newPage) so axe can open its helper frames.
  const context = await browser.newContext();
  const page = await context.newPage();
  await becomeSubscriber(page, 'Pat Predictor', freshEmail('pat'));

  const lesson = (await (
    await page.request.get(`/api/lessons/module${LESSON}`)
  ).json()) as LessonReply;
  const first = lesson.codeBlocks.find((block) => block.checkpoint);
  const checkpoint = first?.checkpoint;
  expect(checkpoint?.options, 'the first checkpoint offers options').toBeTruthy();
  const options = checkpoint?.options ?? [];
  const output = checkpoint?.output ?? '';
  const right = options.findIndex((option) => normal(option.text) === normal(output));
  const wrong = options.findIndex((_, i) => i !== right);
  expect(right).toBeGreaterThanOrEqual(0);

  await page.goto(`/dashboard/lessons/module${LESSON}`);
  const widget = page.locator('[data-checkpoint-widget]').first();
  await expect(widget.getByRole('group', { name: /What will this print\?/ })).toBeVisible();
  // The output block is not in the page before the prediction.
  await expect(widget.getByText('You predicted it.')).toHaveCount(0);

  // Tab until the focus is on one of the first checkpoint's choices.
  let at = -1;
  for (let i = 0; i < 150 && at === -1; i++) {
    await page.keyboard.press('Tab');
    at = await focusedRadioIndex(page);
  }
  expect(at, 'Tab reaches the first checkpoint').toBeGreaterThanOrEqual(0);

  // Space picks the focused choice; the arrow keys move the pick within the group.
  await page.keyboard.press('Space');
  await press(page, wrong > at ? 'ArrowDown' : 'ArrowUp', Math.abs(wrong - at));
  await expect(widget.getByRole('radio').nth(wrong)).toBeChecked();
  await page.keyboard.press('Enter');

  const status = widget.getByRole('status').first();
  await expect(status).toContainText('Not this one');
  await expect(widget.getByText('You tried this one')).toBeVisible();
  await expect(widget.getByText('You predicted it.')).toHaveCount(0);
  await expect(widget.getByRole('radio').nth(wrong)).toBeFocused();

  await press(page, right > wrong ? 'ArrowDown' : 'ArrowUp', Math.abs(right - wrong));
  await expect(widget.getByRole('radio').nth(right)).toBeChecked();
  await page.keyboard.press('Enter');

  await expect(widget.getByText('You predicted it.')).toBeFocused();
  // The block really runs (Pyodide loads on first use): its own output appears.
  const printed = widget.getByLabel(/^Output of checkpoint 1$/);
  await expect(printed).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(async () => normal((await printed.textContent()) ?? ''), { timeout: 60_000 })
    .toBe(normal(output));

  await expectNoAxeViolations(page);
  await context.close();
});
