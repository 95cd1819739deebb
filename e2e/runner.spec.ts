import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { becomeSubscriber, freshEmail } from './journeys.ts';

/*
 * The in-browser Python runner on the lesson pages (issue 10). Access is bought through the demo
 * checkout, the same way a learner without Stripe keys configured would.
 */

function exerciseCard(page: Page, id: string): Locator {
  return page.locator(`article[data-exercise-id="${id}"]`);
}

/** Replaces the editor's code, as pasting would (no auto-indent of the pasted lines). */
async function setCode(page: Page, editor: Locator, code: string) {
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
}

test.describe('the Python runner', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await becomeSubscriber(page, 'Runner Learner', freshEmail('runner'));
  });
  test.afterAll(async () => {
    await page.close();
  });

  test('runs print("hi"), stops an endless loop, runs again, and reads input()', async () => {
    await page.goto('/dashboard/lessons/module1');
    const card = exerciseCard(page, 'm01-e1-first-words');
    const editor = card.getByRole('textbox', { name: 'Code for Your first two lines' });
    const output = card.getByLabel('Output of Your first two lines');

    await setCode(page, editor, 'print("hi")');
    await card.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(output).toHaveText('hi', { timeout: 30_000 });

    await setCode(page, editor, 'while True:\n    pass');
    await card.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(card.getByRole('button', { name: 'Stop' })).toBeEnabled();
    await expect(card.locator('[data-result]')).toHaveText(
      'Your program ran for more than 5 seconds and was stopped. Is there a loop that never ends?',
      { timeout: 15_000 },
    );

    await setCode(page, editor, 'print("back again")');
    await card.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(output).toHaveText('back again', { timeout: 30_000 });

    await setCode(
      page,
      editor,
      'first = input()\nsecond = input()\nprint(first + " and " + second)',
    );
    // The input can still be given up front (input() is otherwise answered in the console).
    await card.getByText('Give the program’s input in advance (optional)').click();
    await card.getByLabel('Program input').fill('tea\ncake');
    await card.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(output).toHaveText('tea and cake');

    // Asking for a third line says clearly that the input ran out.
    await setCode(page, editor, 'input()\ninput()\ninput()');
    await card.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(card.locator('[data-result]')).toContainText(
      'each input() call reads one line, so give one line for each',
    );
  });

  test('the Stop button ends a running program at once', async () => {
    await page.goto('/dashboard/lessons/module1');
    const card = exerciseCard(page, 'm01-e1-first-words');
    const editor = card.getByRole('textbox', { name: 'Code for Your first two lines' });
    await setCode(page, editor, 'print("start")\nwhile True:\n    pass');
    await card.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(card.getByLabel('Output of Your first two lines')).toHaveText('start', {
      timeout: 30_000,
    });
    await card.getByRole('button', { name: 'Stop' }).click();
    // The page is not cross-origin isolated: the worker is replaced, and the learner told so.
    await expect(card.locator('[data-result]')).toHaveText(
      'You stopped the program. Python was restarted to stop it, so the next run takes a moment longer.',
    );
  });

  test('Check fails a wrong answer with its message, passes the solution, and both survive a reload', async () => {
    await page.goto('/dashboard/lessons/module4');
    const card = exerciseCard(page, 'm04-e1-greet-guests');
    const editor = card.getByRole('textbox', { name: /^Code for / });
    await setCode(page, editor, 'def greet(name):\n    print(f"Hello, {name}! Welcome back.")\n');
    await card.getByRole('button', { name: 'Check' }).click();
    await expect(card.locator('[data-result]')).toContainText(
      'Your program should print exactly two lines',
      { timeout: 30_000 },
    );
    await expect(card.getByTestId('solved-badge')).toHaveCount(0);

    const solution =
      'def greet(name):\n    print(f"Hello, {name}! Welcome back.")\n\ngreet("Maya")\ngreet("Tom")\n';
    await setCode(page, editor, solution);
    await card.getByRole('button', { name: 'Check' }).click();
    await expect(card.locator('[data-result]')).toContainText('Correct!');
    await expect(card.getByTestId('solved-badge')).toBeVisible();
    await expect(card.getByText('Saved', { exact: true })).toBeVisible();

    await page.reload();
    const again = exerciseCard(page, 'm04-e1-greet-guests');
    await expect(again.getByTestId('solved-badge')).toBeVisible();
    await expect(again.getByRole('textbox', { name: /^Code for / })).toContainText('greet("Tom")');
  });

  test('Check tries every input of an exercise and shows the first one the code gets wrong', async () => {
    await page.goto('/dashboard/lessons/module3');
    const card = exerciseCard(page, 'm03-e1-ticket-price');
    const editor = card.getByRole('textbox', { name: /^Code for / });
    const result = card.locator('[data-result]');
    // Right for the first input (65), but there is no child ticket.
    await setCode(
      page,
      editor,
      'age = int(input())\nif age >= 65:\n    print("Senior ticket: 6")\nelse:\n    print("Adult ticket: 10")\n',
    );
    await card.getByRole('button', { name: 'Check' }).click();
    await expect(result).toContainText(
      "Not yet. With the input '8', your program printed something other than expected.",
      { timeout: 30_000 },
    );
    // What the solution prints for that input beside what the code printed.
    await expect(result.locator('pre').first()).toHaveText('Child ticket: 5');
    await expect(result.locator('pre').last()).toHaveText('Adult ticket: 10');
    await expect(card.getByTestId('solved-badge')).toHaveCount(0);
  });

  test('code typed while saving fails is kept on the device and sent later', async ({
    browser,
  }) => {
    // A page of its own, without the service worker: a save the worker lets through can reach the
    // network on the worker's side, where no route of the test sees it, and the failure this test
    // makes would not happen.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await becomeSubscriber(page, 'Offline Writer', freshEmail('writer'));
    await page.goto('/dashboard/lessons/module1');
    const card = exerciseCard(page, 'm01-e2-list-and-progress');
    const editor = card.getByRole('textbox', { name: /^Code for / });
    await page.route('**/api/exercise-progress/**', (route) => route.abort('internetdisconnected'));
    await setCode(page, editor, 'print("written offline")');
    await expect(card.getByText(/^Not saved yet: kept on this device/)).toBeVisible();
    await page.unroute('**/api/exercise-progress/**');

    // Back online, on the next visit: the draft opens in the editor and reaches the server.
    await page.reload();
    const again = exerciseCard(page, 'm01-e2-list-and-progress');
    await expect(again.getByRole('textbox', { name: /^Code for / })).toHaveText(
      'print("written offline")',
    );
    await expect(again.getByText('Saved', { exact: true })).toBeVisible();
    const saved = await page.request.get('/api/exercise-progress?module=1');
    const { exercises } = (await saved.json()) as {
      exercises: { exerciseId: string; code: string }[];
    };
    expect(exercises.find((e) => e.exerciseId === 'm01-e2-list-and-progress')?.code).toBe(
      'print("written offline")',
    );
    await context.close();
  });

  test('hints come one at a time and the solution toggle stays', async () => {
    await page.goto('/dashboard/lessons/module1');
    const card = exerciseCard(page, 'm01-e1-first-words');
    await card.getByRole('button', { name: 'Hint' }).click();
    await expect(card.getByText('Hint 1 of 3')).toBeVisible();
    await expect(card.getByText('Hint 2 of 3')).toHaveCount(0);
    await card.getByRole('button', { name: 'Hint' }).click();
    await expect(card.getByText('Hint 2 of 3')).toBeVisible();
    const toggle = card.getByRole('button', { name: 'Show Solution' });
    await toggle.click();
    await expect(card.getByRole('button', { name: 'Hide Solution' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  test('a lesson example opens in an editor with Try it', async () => {
    await page.goto('/dashboard/lessons/module1');
    const slot = page.locator('[data-try-it]').first();
    await slot.getByRole('button', { name: 'Try it' }).click();
    await expect(slot.getByRole('button', { name: 'Close editor' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(slot.getByRole('textbox', { name: /^Example \d+, editable$/ })).toBeVisible();
    await slot.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(slot.getByLabel(/^Output of example/)).not.toBeEmpty({ timeout: 30_000 });
    await expect(slot.locator('[data-result]')).toHaveText('Your program finished.');
  });

  test('everything works by keyboard alone', async () => {
    await page.goto('/dashboard/lessons/module1');
    const card = exerciseCard(page, 'm01-e3-fix-recipe-card');
    const editor = card.getByRole('textbox', { name: /^Code for / });
    await expect(editor).toBeVisible();
    // Start from the previous exercise's last button and reach the editor with Tab.
    await exerciseCard(page, 'm01-e2-list-and-progress')
      .getByRole('button', { name: 'Show Solution' })
      .focus();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      if (await editor.evaluate((el) => el === document.activeElement)) break;
    }
    await expect(editor).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText('print("keys only")');
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(card.getByLabel(/^Output of /)).toHaveText('keys only', { timeout: 30_000 });

    // Tab indents inside the editor; Escape then Tab moves on to the Run button.
    await editor.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await expect(card.getByRole('button', { name: 'Run', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(card.getByRole('button', { name: 'Check' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(card.locator('[data-result]')).toContainText('Not yet.');

    // Download .py, reached with Tab after the other buttons, saves the editor's code as a file.
    const download = card.getByRole('button', { name: 'Download .py' });
    for (let i = 0; i < 8; i++) {
      if (await download.evaluate((el) => el === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(download).toBeFocused();
    const saving = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const file = await saving;
    expect(file.suggestedFilename()).toBe('fix_recipe_card.py');
    expect(readFileSync(await file.path(), 'utf8')).toBe('print("keys only")');
  });
});

test('every exercise passes Check with its solution and fails with its starter in the browser', async ({
  page,
}) => {
  test.setTimeout(600_000);
  await becomeSubscriber(page, 'Walker Learner', 'walker@example.com');
  let walked = 0;
  for (let module = 1; module <= 15; module++) {
    const res = await page.request.get(`/api/lessons/module${module}`);
    expect(res.ok()).toBe(true);
    const lesson = (await res.json()) as {
      exercises: { id: string; title: string; starter: string; solution: string }[];
    };
    await page.goto(`/dashboard/lessons/module${module}`);
    for (const exercise of lesson.exercises) {
      const card = exerciseCard(page, exercise.id);
      const editor = card.getByRole('textbox', { name: `Code for ${exercise.title}` });
      const result = card.locator('[data-result]');
      for (const [code, verdict] of [
        [exercise.solution, /^✓?\s*Correct!/],
        [exercise.starter, /^Not yet\./],
      ] as const) {
        await setCode(page, editor, code);
        await card.getByRole('button', { name: 'Check' }).click();
        await expect(result, `${exercise.id}: ${String(verdict)}`).toHaveText(verdict, {
          timeout: 30_000,
        });
        // Clear the result so the next Check is not confused with this one.
        await expect(card.getByRole('button', { name: 'Check' })).toBeEnabled();
      }
      walked++;
    }
  }
  expect(walked).toBe(61);
});
