import { expect, test, type Locator, type Page } from '@playwright/test';
import { becomeSubscriber, expectNoAxeViolations, freshEmail } from './journeys.ts';

/*
 * Issue 35 on module 1's first exercise, in real Pyodide, at a desktop's and a phone's width:
 * print('I'm') points at the apostrophe, curly quotes are replaced in one click and the program
 * then runs, a Check whose output lacks one character marks it and says so, and a Run that prints
 * the expected output is told to press Check.
 */

const EXERCISE = 'm01-e1-first-words';
const TITLE = 'Your first two lines';

/** Replaces the editor's code, as pasting would (no auto-indent of the pasted lines). */
async function setCode(page: Page, editor: Locator, code: string) {
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
}

/** How many characters of its line come before the editor's underlined error spot. */
function spotColumn(card: Locator): Promise<number> {
  return card.locator('[data-mark="spot"]').evaluate((mark) => {
    const line = mark.closest('.cm-line');
    if (!line) return -1;
    const range = document.createRange();
    range.setStart(line, 0);
    range.setEndBefore(mark);
    return range.toString().length;
  });
}

for (const width of [1280, 360]) {
  test(`errors that point and feedback you can read, at ${width} px`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // Signed in at a desktop's width (the greeting it waits for is in the wide navbar).
    await becomeSubscriber(page, 'Feedback Learner', freshEmail('feedback'));
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard/lessons/module1');
    const card = page.locator(`article[data-exercise-id="${EXERCISE}"]`);
    const editor = card.getByRole('textbox', { name: `Code for ${TITLE}` });
    const result = card.locator('[data-result]');
    const run = card.getByRole('button', { name: 'Run', exact: true });

    // An apostrophe inside single quotes: the mark is on it, not at the end of the line.
    await setCode(page, editor, "print('I'm')");
    await run.click();
    await expect(result).toContainText("The apostrophe in I'm ends the text early", {
      timeout: 30_000,
    });
    await expect(result).toContainText('print("I\'m")');
    await expect(card.locator('[data-mark="spot"]')).toHaveText("'");
    expect(await spotColumn(card)).toBe(8);
    await card.getByRole('button', { name: 'Show in the code' }).click();
    await expect(editor).toBeFocused();
    await expect.poll(() => page.evaluate(() => document.getSelection()?.toString())).toBe("'");
    if (width === 1280) await expectNoAxeViolations(page);

    // Curly quotes: named, marked, and replaced in one click; then the program runs.
    await setCode(page, editor, 'print(“Hello”)');
    await run.click();
    await expect(result).toContainText('an opening curly double quote “');
    await expect(card.locator('[data-mark="spot"]')).toHaveText('“');
    await card.getByRole('button', { name: 'Replace curly quotes' }).click();
    await expect(
      card.getByRole('status').filter({ hasText: 'Curly quotes replaced' }),
    ).toBeVisible();
    await expect(editor).toHaveText('print("Hello")');
    await run.click();
    await expect(card.getByLabel(`Output of ${TITLE}`)).toHaveText('Hello');

    // One character short: Check marks the missing "." and says where it goes.
    await setCode(
      page,
      editor,
      'print("Hello, I\'m learning Python!")\nprint("This is my very first program")',
    );
    await card.getByRole('button', { name: 'Check' }).click();
    await expect(card.getByTestId('diff-sentence')).toHaveText(
      'Your line 2 is missing a full stop (.) at the end.',
    );
    await expect(card.locator('mark[data-diff="changed"]')).toHaveText(['.']);
    await expect(card.locator('[data-diff-line="changed"]')).toHaveCount(2);
    await card.getByTestId('diff-sentence').scrollIntoViewIfNeeded();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await card.screenshot({ path: `test-results/feedback-diff-${width}-${scheme}.png` });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );

    // The right output from Run: the nudge to press Check.
    await setCode(
      page,
      editor,
      'print("Hello, I\'m learning Python!")\nprint("This is my very first program.")',
    );
    await run.click();
    await expect(card.getByTestId('check-nudge')).toHaveText(
      'Your output matches the example. Now press Check to have it checked.',
    );

    // Screenshots of the error with its fix offered, in both themes.
    await setCode(page, editor, 'print(‘Hi’)');
    await run.click();
    await expect(card.getByRole('button', { name: 'Replace curly quotes' })).toBeVisible();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await card.screenshot({ path: `test-results/feedback-error-${width}-${scheme}.png` });
    }
    await context.close();
  });
}
