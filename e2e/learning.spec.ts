import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { becomeSubscriber, freshEmail } from './journeys.ts';
import { quizSlug } from '#shared/content/slug.ts';

/*
 * The learning journey (issue 5): dashboard accordion, a lesson with its solution toggles, a quiz
 * answered with the keyboard only, its score and review, and the best score back on the dashboard.
 * Access is bought through the demo checkout, as a learner without Stripe keys configured would.
 */

const moduleToggle = (page: Page, number: number, title: string): Locator =>
  page.getByRole('button', { name: `Module ${number}: ${title}` });

/** Presses Tab until a radio button has the focus (at most `limit` times). */
async function tabToRadio(page: Page, limit = 40) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const role = await page.evaluate(() => {
      const el = document.activeElement;
      return el instanceof HTMLInputElement ? el.type : el?.tagName;
    });
    if (role === 'radio') return;
  }
  throw new Error('Tab never reached an answer');
}

/** Answers every question with the keyboard: Tab into the answers, arrows to pick, Enter to go on. */
async function answerByKeyboard(page: Page, total: number) {
  for (let q = 1; q <= total; q++) {
    await expect(page.getByText(`Question ${q}/${total}`)).toBeVisible();
    const next = page.getByRole('button', { name: q === total ? 'Submit Quiz' : 'Next Question' });
    await expect(next).toBeDisabled();
    await tabToRadio(page);
    // Space picks the focused answer; ArrowDown moves to (and picks) the next one.
    await page.keyboard.press('Space');
    for (let k = 0; k < q % 4; k++) await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(1);
    await expect(next).toBeEnabled();
    await page.keyboard.press('Tab');
    await expect(next).toBeFocused();
    await page.keyboard.press('Enter');
  }
}

test.describe('learning', () => {
  test.describe.configure({ mode: 'serial' });
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    // A context of our own (not browser.newPage) so axe can open its helper frames.
    context = await browser.newContext();
    page = await context.newPage();
    // A fresh address each run, so the journey can be repeated against one server.
    await becomeSubscriber(page, 'Quinn Learner', freshEmail('quinn'));
  });
  test.afterAll(async () => {
    await context.close();
  });

  test('dashboard, lesson with solutions, keyboard quiz, score and review, best score', async () => {
    await page.goto('/dashboard');
    await expect(page).toHaveTitle('Dashboard | Indent');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(main.getByRole('link', { name: 'Indent', exact: true })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(page.getByRole('button', { name: /^Module \d+: / })).toHaveCount(15);
    // A new learner is told where to begin (issue 35).
    await expect(page.getByRole('link', { name: 'Start with Module 1' })).toHaveAttribute(
      'href',
      '/dashboard/lessons/module1',
    );

    // One module open at a time; clicking the open one closes it.
    const m1 = moduleToggle(page, 1, 'Introduction to Python');
    const m2 = moduleToggle(page, 2, 'Basic Concepts and Operations');
    await m1.click();
    await expect(m1).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Introduction to Python Lesson' })).toBeVisible();
    await m2.click();
    await expect(m2).toHaveAttribute('aria-expanded', 'true');
    await expect(m1).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Introduction to Python Lesson' })).toBeHidden();
    await m2.click();
    await expect(m2).toHaveAttribute('aria-expanded', 'false');
    await m2.click();
    const quizLinks = page.getByRole('link', { name: / Quiz$/ });
    await expect(quizLinks).toHaveCount(3);
    const quizName = (await quizLinks.first().textContent()) ?? '';
    const quizTitle = quizName.replace(/ Quiz$/, '');

    // The lesson: solutions hidden by default and toggled one by one.
    await page.getByRole('link', { name: 'Basic Concepts and Operations Lesson' }).click();
    await expect(page).toHaveURL(/\/dashboard\/lessons\/module2$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Basic Concepts and Operations' }),
    ).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const shows = page.getByRole('button', { name: 'Show Solution' });
    await expect(shows).toHaveCount(5);
    const cards = page.locator('article[data-exercise-id]');
    const first = cards.nth(0).getByRole('button', { name: /Solution$/ });
    const second = cards.nth(1).getByRole('button', { name: /Solution$/ });
    const solutionOf = (card: Locator) => card.getByText('One possible solution');
    await expect(solutionOf(cards.nth(0))).toBeHidden();
    await first.click();
    await expect(first).toHaveText('Hide Solution');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(solutionOf(cards.nth(0))).toBeVisible();
    await expect(solutionOf(cards.nth(1))).toBeHidden();
    await second.click();
    await expect(solutionOf(cards.nth(1))).toBeVisible();
    await first.click();
    await expect(first).toHaveText('Show Solution');
    await expect(solutionOf(cards.nth(0))).toBeHidden();
    await expect(solutionOf(cards.nth(1))).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recap' })).toBeVisible();

    // The lesson's end leads on (issue 35): the exercises still to do, the quiz, the next module.
    const nextSteps = page.getByRole('region', { name: 'Your next steps' });
    await expect(nextSteps.getByText(/^0 of 5 practice exercises solved/)).toBeVisible();
    await expect(nextSteps.getByRole('link', { name: `${quizTitle} Quiz` })).toHaveAttribute(
      'href',
      `/dashboard/quiz/${quizSlug(quizTitle)}`,
    );
    await expect(nextSteps.getByRole('link', { name: 'Module 3: Control Flow' })).toHaveAttribute(
      'href',
      '/dashboard/lessons/module3',
    );
    await nextSteps.getByRole('link', { name: /^Exercise 2: / }).click();
    await expect(cards.nth(1)).toBeFocused();

    await page.getByRole('link', { name: 'Return to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The quiz, answered with the keyboard only.
    await moduleToggle(page, 2, 'Basic Concepts and Operations').click();
    await page.getByRole('link', { name: quizName, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${quizTitle} Quiz` })).toBeVisible();
    const counter = await page.getByText(/^Question 1\/\d+$/).textContent();
    const total = Number(counter?.split('/')[1]);
    expect(total).toBeGreaterThanOrEqual(10);
    await answerByKeyboard(page, total);

    await expect(page.getByRole('heading', { name: 'Your Quiz Results' })).toBeVisible();
    const scoreText = (await page.getByText(/^Your score: \d+%$/).textContent()) ?? '';
    const score = Number(/(\d+)%/.exec(scoreText)?.[1]);
    await expect(page.getByRole('heading', { name: 'Review your answers' })).toBeVisible();
    await expect(page.getByText(/^Question \d+: (correct|not correct)$/)).toHaveCount(total);
    // The score is the share of questions the review marks correct.
    const correct = await page.getByText(/^Question \d+: correct$/).count();
    expect(score).toBe(Math.round((correct / total) * 100));
    await expect(page.getByRole('button', { name: 'Retake quiz' })).toBeVisible();

    // Back on the dashboard: the best score and the progress show.
    await page.getByRole('link', { name: 'Return to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await moduleToggle(page, 2, 'Basic Concepts and Operations').click();
    // The quiz's row: its link and, beside it, the best score.
    const quizRow = page.getByRole('link', { name: quizName, exact: true }).locator('..');
    await expect(quizRow).toContainText(`Best score: ${score}%`);
    await expect(page.getByText(/Lesson opened · Exercises solved 0\/5/)).toBeVisible();
    await expect(page.getByText(/^Course progress: \d+%$/)).toBeVisible();
    // Continue leads to the first thing left (issue 35): module 2's first exercise, not yet solved.
    const resume = page.getByRole('link', { name: /^Continue where you left off/ });
    await expect(resume).toHaveText(/^Continue where you left off: Exercise 1 of Basic Concepts/);
    await resume.click();
    await expect(page).toHaveURL(/\/dashboard\/lessons\/module2#exercise-m02-e1-/);
    await expect(page.locator('article[data-exercise-id]').first()).toBeFocused();
  });

  test('axe finds no violations on the dashboard, a lesson and a quiz question', async () => {
    const check = async () => {
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
    };
    await page.goto('/dashboard');
    await moduleToggle(page, 3, 'Control Flow').click();
    await expect(page.getByRole('link', { name: 'Control Flow Lesson' })).toBeVisible();
    await check();
    await page.goto('/dashboard/lessons/module3');
    await expect(page.getByRole('heading', { level: 1, name: 'Control Flow' })).toBeVisible();
    await page.getByRole('button', { name: 'Show Solution' }).first().click();
    await check();
    await page.goto('/dashboard/quiz/comparisons-and-logic');
    await expect(page.getByText(/^Question 1\/\d+$/)).toBeVisible();
    await page.getByRole('radio').first().check();
    await check();
  });

  test('a failed submit keeps the answers, says so, and a retry sends them', async () => {
    await page.goto('/dashboard/quiz/first-programs-and-error-messages');
    const counter = await page.getByText(/^Question 1\/\d+$/).textContent();
    const total = Number(counter?.split('/')[1]);
    let failed = false;
    await page.route('**/api/submit-quiz', async (route) => {
      if (!failed) {
        failed = true;
        await route.abort('connectionrefused');
      } else {
        await route.continue();
      }
    });
    await answerByKeyboard(page, total);
    await expect(page.getByRole('alert')).toContainText('Your answers were not sent');
    await expect(page.getByText(`Question ${total}/${total}`)).toBeVisible();
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(1);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Your Quiz Results' })).toBeVisible();
    await page.unroute('**/api/submit-quiz');

    // Retake starts again from the first question with nothing chosen.
    await page.getByRole('button', { name: 'Retake quiz' }).click();
    await expect(page.getByText(`Question 1/${total}`)).toBeVisible();
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  });
});
