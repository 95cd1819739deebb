import { expect, test, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { becomeSubscriber, freshEmail } from './journeys.ts';

/*
 * Issue 17: input() answered in the output console (through the service worker's input relay),
 * Stop while a program waits, Step through, errors that point at the line, and the lesson page on
 * a 360 px phone.
 */

const EXERCISE = 'm01-e1-first-words';
const TITLE = 'Your first two lines';

function card(page: Page): Locator {
  return page.locator(`article[data-exercise-id="${EXERCISE}"]`);
}

/** Replaces the editor's code, as pasting would (no auto-indent of the pasted lines). */
async function setCode(page: Page, code: string) {
  const editor = card(page).getByRole('textbox', { name: `Code for ${TITLE}` });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
}

/** axe finds nothing; a failure names the rule and the elements, to fix it without a rerun. */
async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`,
    ),
  ).toEqual([]);
}

const button = (page: Page, name: string) => card(page).getByRole('button', { name, exact: true });

test.describe('the runner console and Step through', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    // axe needs a page of a context made with newContext().
    page = await (await browser.newContext()).newPage();
    await becomeSubscriber(page, 'Console Learner', freshEmail('console'));
    await page.goto('/dashboard/lessons/module1');
    // The service worker takes control on this first visit (it claims the open page).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 15_000,
    });
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('a program with two input() calls is answered in the console', async () => {
    await setCode(
      page,
      'first = input("Drink? ")\nsecond = input("Cake? ")\nprint(first + " and " + second)',
    );
    await button(page, 'Run').click();
    const output = card(page).getByLabel(`Output of ${TITLE}`);
    const first = card(page).getByRole('textbox', { name: 'Answer to: Drink?' });
    await expect(first).toBeFocused({ timeout: 30_000 });
    // No time limit while it waits: longer than the 5 s a run may take.
    await page.waitForTimeout(5_500);
    await first.fill('tea');
    await first.press('Enter');
    const second = card(page).getByRole('textbox', { name: 'Answer to: Cake?' });
    await expect(second).toBeFocused();
    await expectNoAxeViolations(page);
    await second.fill('scones');
    await second.press('Enter');
    await expect(output).toHaveText('Drink? tea\nCake? scones\ntea and scones');
    // The answered field goes away; the focus stays in the output, not lost to the page.
    await expect(card(page).locator('div:has(> pre[aria-label^="Output of"])')).toBeFocused();
    await expect(card(page).locator('[data-result]')).toHaveText('Your program finished.');
  });

  test('Stop ends a program waiting for input, and Python stays loaded', async () => {
    await setCode(page, 'name = input("Name? ")\nprint("Hi", name)');
    await button(page, 'Run').click();
    await expect(card(page).getByRole('textbox', { name: 'Answer to: Name?' })).toBeVisible();
    await button(page, 'Stop').click();
    await expect(card(page).locator('[data-result]')).toHaveText('You stopped the program.');
    await expect(card(page).getByRole('textbox', { name: /^Answer to/ })).toHaveCount(0);

    await setCode(page, 'print("still here")');
    await button(page, 'Run').click();
    await expect(card(page).getByLabel(`Output of ${TITLE}`)).toHaveText('still here');
  });

  test('Step through walks a function that appends to a list through a second name', async () => {
    await setCode(
      page,
      [
        'def add_twice(items, value):',
        '    items.append(value)',
        '    items.append(value * 2)',
        '',
        'numbers = [1]',
        'same = numbers',
        'add_twice(same, 5)',
        'print(numbers)',
      ].join('\n'),
    );
    await button(page, 'Step through').click();
    const panel = card(page).getByTestId('step-through');
    // def, 5, 6, 7, then 2 and 3 inside the function, its return, 8, and the end.
    await expect(panel.getByTestId('step-position')).toHaveText('Step 1 of 9', {
      timeout: 30_000,
    });
    await expect(card(page).locator('.cm-line[data-mark="step"]')).toHaveText(
      'def add_twice(items, value):',
    );
    await panel.getByRole('button', { name: 'Next' }).click();
    await panel.getByRole('button', { name: 'Next' }).click();
    await panel.getByRole('button', { name: 'Next' }).focus();
    // The arrow keys move too: four more steps, one back.
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowLeft']) {
      await page.keyboard.press(key);
    }
    await expect(panel.getByTestId('step-position')).toHaveText('Step 6 of 9');
    await expect(panel.getByTestId('step-line')).toHaveText('Next to run: line 3.');
    await expect(card(page).locator('.cm-line[data-mark="step"]')).toHaveText(
      '    items.append(value * 2)',
    );
    const program = panel.getByTestId('step-frame').nth(0);
    const call = panel.getByTestId('step-frame').nth(1);
    await expect(program.locator('tr[data-name="numbers"] td code')).toHaveText('[1, 5]');
    await expect(call.locator('tr[data-name="items"] td code')).toHaveText('[1, 5]');
    await expect(call.locator('tr[data-name="value"] td code')).toHaveText('5');
    await expect(program.locator('tr[data-name="same"] [data-testid="alias"]')).toContainText(
      'numbers (in Program)',
    );
    await expect(panel.getByTestId('step-output')).toHaveText('(nothing printed yet)');
    await expectNoAxeViolations(page);

    // The slider reaches the end: the output so far is the whole output.
    await panel.getByRole('slider', { name: 'Step' }).fill('9');
    await expect(panel.getByTestId('step-position')).toHaveText('Step 9 of 9');
    await expect(panel.getByTestId('step-output')).toHaveText('[1, 5, 10]');
    await panel.getByRole('button', { name: 'Close steps' }).click();
    await expect(card(page).locator('.cm-line[data-mark="step"]')).toHaveCount(0);
  });

  test('Step through stops a 2,000-step loop at 1,000 steps and says so', async () => {
    // Line 1, then lines 2 and 3 once per round: about 2,000 steps before the print.
    await setCode(page, 'total = 0\nfor i in range(1000):\n    total += i\nprint(total)');
    await button(page, 'Step through').click();
    const panel = card(page).getByTestId('step-through');
    await expect(panel.getByTestId('step-position')).toHaveText('Step 1 of 1000', {
      timeout: 30_000,
    });
    await expect(panel).toContainText(
      'The program was stopped after 1,000 steps, the most Step through records.',
    );
    const slider = panel.getByRole('slider', { name: 'Step' });
    await expect(slider).toHaveAttribute('max', '1000');
    await slider.fill('1000');
    await expect(panel.getByTestId('step-position')).toHaveText('Step 1000 of 1000');
    // The last step recorded is the loop's test, not the end: the print never ran.
    await expect(panel.getByTestId('step-line')).toHaveText('Next to run: line 2.');
    await expect(panel.getByTestId('step-output')).toHaveText('(nothing printed yet)');
    await panel.getByRole('button', { name: 'Close steps' }).click();
  });

  test('a NameError on line 3 and an AttributeError on line 2 mark their line and show Python’s suggestion', async () => {
    await setCode(page, 'total = 0\ncount = 3\nprint(totl + count)');
    await button(page, 'Run').click();
    await expect(card(page).locator('[data-result]')).toContainText(
      "Line 3: NameError: name 'totl' is not defined",
    );
    await expect(card(page).locator('.cm-line[data-mark="error"]')).toHaveText(
      'print(totl + count)',
    );
    await expect(card(page).getByTestId('error-suggestion')).toHaveText(
      "Python suggests: Did you mean: 'total'?",
    );
    await card(page).getByText('Full error message').click();
    await expect(card(page).locator('details pre')).not.toContainText('indent-');

    // AttributeError: Python 3.13's suggestion for a misspelt method, and its line marked.
    await setCode(page, 'word = "abc"\nprint(word.uper())\nprint("done")');
    await button(page, 'Run').click();
    await expect(card(page).locator('[data-result]')).toContainText(
      "Line 2: AttributeError: 'str' object has no attribute 'uper'",
    );
    await expect(card(page).locator('.cm-line[data-mark="error"]')).toHaveText(
      'print(word.uper())',
    );
    await expect(card(page).getByTestId('error-suggestion')).toHaveText(
      "Python suggests: Did you mean: 'upper'?",
    );
  });

  test('an error on a late line of a long program is scrolled into the editor’s view', async () => {
    // 80 lines, far taller than the editor's box; the error is on line 60.
    const lines = Array.from({ length: 80 }, (_, i) => `value_${i + 1} = ${i + 1}`);
    lines[59] = 'print(vlue_59)';
    await setCode(page, lines.join('\n'));
    // Back to the top, as a learner who wrote the program and scrolled up would be.
    await page.keyboard.press('ControlOrMeta+Home');
    const scroller = card(page).locator('.cm-scroller');
    // (CodeMirror keeps a pixel or so of margin above the cursor.)
    await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBeLessThan(24);
    await button(page, 'Run').click();
    await expect(card(page).locator('[data-result]')).toContainText(
      "Line 60: NameError: name 'vlue_59' is not defined",
    );
    const marked = card(page).locator('.cm-line[data-mark="error"]');
    await expect(marked).toHaveText('print(vlue_59)');
    await expect(card(page).getByTestId('error-suggestion')).toHaveText(
      "Python suggests: Did you mean: 'value_59'?",
    );
    // Inside the editor's visible box, not only somewhere in its scrolled content.
    await expect
      .poll(() =>
        marked.evaluate((line) => {
          const box = line.closest('.cm-scroller')?.getBoundingClientRect();
          const at = line.getBoundingClientRect();
          return box !== undefined && at.top >= box.top && at.bottom <= box.bottom;
        }),
      )
      .toBe(true);
    // And the editor itself is on screen, so the line is where the learner looks.
    await expect(marked).toBeInViewport();
    expect(await scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(24);
  });
});

/**
 * At 360 px: how far the page scrolls sideways, and the runner's visible controls (the exercises'
 * workbenches with their console and Step through panel, the examples' Try it editors) whose box is
 * under 24 by 24 px (WCAG 2.2 target size), with the names of all those measured (so a test can
 * tell that the controls it cares about were on screen).
 */
function measurePhone(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const controls = ['button', 'summary', 'input', 'textarea', 'select', 'a[href]'].flatMap(
      (tag) => [`article[data-exercise-id] ${tag}`, `[data-try-it] ${tag}`],
    );
    // A control's target is its own box or, for an input, its label's (a checkpoint's choice).
    const target = (element: Element) => {
      const boxes = [element, ...((element as HTMLInputElement).labels ?? [])].map((e) =>
        e.getBoundingClientRect(),
      );
      return {
        width: Math.max(...boxes.map((b) => b.width)),
        height: Math.max(...boxes.map((b) => b.height)),
      };
    };
    const visible = [...document.querySelectorAll(controls.join(', '))]
      .filter((element) => element.checkVisibility())
      .map((element) => ({ element, box: target(element) }))
      .filter(({ box }) => box.width > 0);
    const small = visible
      .filter(({ box }) => box.width < 24 || box.height < 24)
      .map(
        ({ element, box }) =>
          `${Math.round(box.width)}x${Math.round(box.height)} ${element.outerHTML.slice(0, 80)}`,
      );
    return {
      scrollWidth: root.scrollWidth,
      clientWidth: root.clientWidth,
      // Each control by its name: its aria-label, its label's text (the slider), or its text.
      measured: visible.map(
        ({ element }) =>
          element.getAttribute('aria-label') ??
          (element as HTMLInputElement).labels?.[0]?.textContent?.trim() ??
          element.textContent?.trim() ??
          '',
      ),
      small,
    };
  });
}

test('at 360 px the lesson page never scrolls sideways and its controls are 24 px or more', async ({
  page,
}) => {
  // Signing in checks the navbar's welcome, which a phone-width navbar folds away.
  await becomeSubscriber(page, 'Phone Learner', freshEmail('phone'));
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/dashboard/lessons/module1');
  // The console's answer field needs the input relay: the service worker in control.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 15_000,
  });
  const workbench = card(page);
  const editor = workbench.getByRole('textbox', { name: `Code for ${TITLE}` });
  await expect(editor).toBeVisible();
  // Code is not prose: no capitals, corrections or spelling marks on a phone's keyboard.
  await expect(editor).toHaveAttribute('autocapitalize', 'off');
  await expect(editor).toHaveAttribute('autocorrect', 'off');
  await expect(editor).toHaveAttribute('spellcheck', 'false');
  await page.locator('[data-try-it]').first().getByRole('button', { name: 'Try it' }).click();
  const lesson = await measurePhone(page);
  expect(lesson.scrollWidth).toBeLessThanOrEqual(lesson.clientWidth);
  expect(lesson.small).toEqual([]);

  // A program waiting for input(): the console's answer field, and Stop.
  await setCode(page, 'name = input("What is your name? ")\nprint("Hello", name)');
  await button(page, 'Run').click();
  const answer = workbench.getByRole('textbox', { name: 'Answer to: What is your name?' });
  await expect(answer).toBeFocused({ timeout: 30_000 });
  await expect(answer).toHaveAttribute('autocapitalize', 'off');
  await expect(answer).toHaveAttribute('autocorrect', 'off');
  await expect(answer).toHaveAttribute('spellcheck', 'false');
  const waiting = await measurePhone(page);
  expect(waiting.measured).toEqual(
    expect.arrayContaining(['Answer to: What is your name?', 'Stop']),
  );
  expect(waiting.scrollWidth).toBeLessThanOrEqual(waiting.clientWidth);
  expect(waiting.small).toEqual([]);
  await answer.fill('Ada');
  await answer.press('Enter');
  await expect(workbench.locator('[data-result]')).toHaveText('Your program finished.');

  // The Step through panel: Back, Next, the slider and Close steps, with a list in the frame.
  await setCode(page, 'numbers = [1, 2, 3]\nsame = numbers\nsame.append(4)\nprint(numbers)');
  await button(page, 'Step through').click();
  const panel = workbench.getByTestId('step-through');
  await expect(panel.getByTestId('step-position')).toHaveText('Step 1 of 5', { timeout: 30_000 });
  await panel.getByRole('slider', { name: 'Step' }).fill('4');
  await expect(panel.locator('tr[data-name="same"] [data-testid="alias"]')).toBeVisible();
  const stepping = await measurePhone(page);
  expect(stepping.measured).toEqual(
    expect.arrayContaining(['Back', 'Next', 'Step', 'Close steps']),
  );
  expect(stepping.scrollWidth).toBeLessThanOrEqual(stepping.clientWidth);
  expect(stepping.small).toEqual([]);
});
