import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { loadCourseContent, type GradableQuiz } from '../src/server/content/course-content.ts';
import { becomeSubscriber, expectNoAxeViolations, freshEmail } from './journeys.ts';

/*
 * Issue 20's journeys: missed quiz questions come back a day later and are reviewed from the
 * dashboard; the course search finds module 5's section on dictionaries; an earlier version of an
 * exercise comes back into the editor.
 */

const DAY_MS = 86_400_000;

/** Moves the test server's clock (scripts/e2e-server.mjs's TEST_CLOCK_FILE) by `ms` from now. */
function setServerClockOffset(ms: number) {
  writeFileSync(join(tmpdir(), `indent-e2e-clock-${process.env.E2E_PORT ?? ''}`), String(ms));
}

/** Clicks the radio whose value is this text (answers are rendered with inline code). */
async function pick(page: Page, text: string) {
  const radios = page.locator('input[type="radio"]');
  await expect(radios.first()).toBeVisible();
  const index = await radios.evaluateAll(
    (inputs, wanted) => inputs.findIndex((input) => (input as HTMLInputElement).value === wanted),
    text,
  );
  expect(index, `an answer "${text}"`).toBeGreaterThanOrEqual(0);
  await radios.nth(index).check();
}

async function setCode(page: Page, editor: Locator, code: string) {
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
}

test.describe('learning that sticks', () => {
  test.describe.configure({ mode: 'serial' });
  let context: BrowserContext;
  let page: Page;
  let quiz: GradableQuiz;

  test.beforeAll(async ({ browser }) => {
    const content = await loadCourseContent('content');
    quiz = content.quizzes.get(content.quizList[0]?._id ?? '') as GradableQuiz;
    setServerClockOffset(0);
    // A context of our own (not browser.newPage) so axe can open its helper frames.
    context = await browser.newContext();
    page = await context.newPage();
    await becomeSubscriber(page, 'Rae Reviewer', freshEmail('rae'));
  });
  test.afterAll(async () => {
    setServerClockOffset(0);
    await context.close();
  });

  test('two missed questions come back the next day and are reviewed from the dashboard', async () => {
    const right = (i: number) => quiz.questions[i]?.answers[quiz.questions[i]?.correct ?? 0] ?? '';
    const wrong = (i: number) =>
      quiz.questions[i]?.answers.find((_, a) => a !== quiz.questions[i]?.correct) ?? '';
    const total = quiz.questions.length;

    await page.goto(`/dashboard/quiz/${quiz.slug}`);
    for (let q = 0; q < total; q++) {
      await expect(page.getByText(`Question ${q + 1}/${total}`)).toBeVisible();
      await pick(page, q < 2 ? wrong(q) : right(q));
      await page
        .getByRole('button', { name: q === total - 1 ? 'Submit Quiz' : 'Next Question' })
        .click();
    }
    await expect(page.getByText(/Your score/i).first()).toBeVisible();

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Review: 0 questions due' })).toBeVisible();
    await expect(page.getByText(/The next ones are due/)).toBeVisible();

    setServerClockOffset(DAY_MS + 60_000);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Review: 2 questions due' })).toBeVisible();
    await page.getByRole('link', { name: 'Start review' }).click();
    await expect(page).toHaveURL(/\/dashboard\/review$/);
    await expect(page.getByRole('heading', { name: /Question 1 of 2/ })).toBeVisible();
    // Before an answer, neither the right answer nor the explanation is on the page.
    await expect(page.getByText(quiz.questions[0]?.explanation ?? '')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await pick(page, right(0));
    await page.getByRole('button', { name: 'Check answer' }).click();
    await expect(page.getByText('Right.')).toBeVisible();
    await expect(page.getByText(/^This question comes back/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Next question' }).click();

    await expect(page.getByRole('heading', { name: /Question 2 of 2/ })).toBeVisible();
    await pick(page, wrong(1));
    await page.getByRole('button', { name: 'Check answer' }).click();
    await expect(page.getByText('Not quite.')).toBeVisible();
    await page.getByRole('button', { name: 'Next question' }).click();
    await expect(page.getByRole('heading', { name: 'Review done: 1 of 2 right' })).toBeFocused();

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Review: 0 questions due' })).toBeVisible();
    // Today is a study day (the review), shown in this week's days.
    await expect(
      page.getByRole('heading', { name: /This week: [12] of 3 study days/ }),
    ).toBeVisible();
  });

  test('"/" opens the search, and "dictionary" leads to module 5\'s section', async () => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.locator('body').press('/');
    const field = page.getByRole('searchbox', { name: 'Search the course' });
    await expect(field).toBeFocused();
    await page.keyboard.type('dictionary');
    const results = page.getByRole('list', { name: 'Search results for dictionary' });
    await expect(results).toBeVisible();
    await expect(results.locator('mark').first()).toBeVisible();
    await expectNoAxeViolations(page);

    const result = results
      .getByRole('listitem')
      .filter({ hasText: 'Module 5: ' })
      .filter({ has: page.getByRole('link', { name: /^Dictionaries: / }) });
    await result.getByRole('link').click();
    await expect(page).toHaveURL(
      /\/dashboard\/lessons\/module5#dictionaries-looking-things-up-by-name$/,
    );
    const heading = page.getByRole('heading', { name: /^Dictionaries: looking things up by name/ });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
  });

  test('an earlier version of an exercise comes back into the editor', async () => {
    await page.goto('/dashboard/lessons/module1');
    const card = page.locator('article[data-exercise-id="m01-e1-first-words"]');
    const editor = card.getByRole('textbox', { name: 'Code for Your first two lines' });

    await setCode(page, editor, 'print("my first try")');
    await card.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(card.locator('[data-result]')).toBeVisible({ timeout: 30_000 });
    await setCode(page, editor, 'print("my second try")');
    await card.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(card.locator('[data-result]')).toBeVisible({ timeout: 30_000 });

    await card.getByRole('button', { name: 'Earlier versions' }).click();
    const versions = card.getByRole('list', { name: 'Earlier versions, newest first' });
    await expect(versions.getByRole('listitem')).toHaveCount(2);
    await versions.getByRole('listitem').last().getByRole('button', { name: /^View/ }).click();
    await expect(card.getByTestId('history-code')).toHaveText('print("my first try")');
    await card.getByRole('button', { name: 'Restore this version' }).click();
    await expect(editor).toContainText('print("my first try")');
  });
});
