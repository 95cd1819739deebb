import { expect, test, type Page } from '@playwright/test';
import { becomeSubscriber, expectNoAxeViolations } from './journeys.ts';

/*
 * The quiz keeps its place (issue 35, decision 0037): three answers, Back (asked first), the quiz
 * reopened at question 4 with the earlier answers kept, a reload mid-quiz back at the same place,
 * and at the end the verdict beside the score and the way on.
 */

const QUIZ_LINK = 'Variables, Names and Types Quiz';
const counter = (page: Page) => page.getByText(/^Question \d+\/\d+$/);

/** Picks the first answer of the question on screen, goes on, and returns the answer's text. */
async function answerFirst(page: Page, question: number, total: number): Promise<string> {
  await expect(page.getByText(`Question ${question}/${total}`)).toBeVisible();
  const radio = page.getByRole('radio').first();
  await radio.check();
  const text = await radio.inputValue();
  await page
    .getByRole('button', { name: question === total ? 'Submit Quiz' : 'Next Question' })
    .click();
  return text;
}

test('the quiz keeps its place through Back and a reload, then says passed or not yet and what is next', async ({
  page,
}, testInfo) => {
  const run = `${testInfo.repeatEachIndex}-${Date.now()}`;
  await becomeSubscriber(page, 'Paula Place', `paula-${run}@example.com`);
  // Each dialog is recorded and answered as `confirmLeaving` says (the confirm, or the browser's
  // own prompt on a reload).
  const dialogs: string[] = [];
  let confirmLeaving = true;
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void (confirmLeaving ? dialog.accept() : dialog.dismiss());
  });

  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^Module 2: / }).click();
  await page.getByRole('link', { name: QUIZ_LINK, exact: true }).click();
  const first = (await counter(page).textContent()) ?? '';
  expect(first).toMatch(/^Question 1\//);
  const total = Number(first.split('/')[1]);
  expect(total).toBeGreaterThanOrEqual(6);
  await expect(page.getByText(/questions, about \d+ minutes\. 70% passes/)).toBeVisible();

  const chosen: string[] = [];
  for (let q = 1; q <= 3; q++) chosen.push(await answerFirst(page, q, total));
  await expect(page.getByText(`Question 4/${total}`)).toBeVisible();

  // The Back link asks first; cancelling stays on question 4.
  confirmLeaving = false;
  await page.getByRole('link', { name: /^Back\s*to the dashboard$/ }).click();
  await expect.poll(() => dialogs.length).toBe(1);
  expect(dialogs[0]).toMatch(/^confirm: Leave the quiz\?.*question 4/);
  await expect(page.getByText(`Question 4/${total}`)).toBeVisible();

  // Browser Back asks too; confirming leaves for the dashboard.
  confirmLeaving = true;
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect(dialogs).toHaveLength(2);

  // Reopened: question 4, the introduction gone (it belongs to question 1).
  const quizLink = page.getByRole('link', { name: QUIZ_LINK, exact: true });
  if (!(await quizLink.isVisible()))
    await page.getByRole('button', { name: /^Module 2: / }).click();
  await quizLink.click();
  await expect(page.getByText(`Question 4/${total}`)).toBeVisible();
  await expect(page.getByText(/70% passes/)).toBeHidden();
  chosen.push(await answerFirst(page, 4, total));
  await expect(page.getByText(`Question 5/${total}`)).toBeVisible();

  // A reload mid-quiz (the browser may ask first; the dialog handler says yes) finds the place.
  await page.reload();
  await expect(page.getByText(`Question 5/${total}`)).toBeVisible();
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);

  for (let q = 5; q < total; q++) chosen.push(await answerFirst(page, q, total));
  const submitted = page.waitForRequest('**/api/submit-quiz');
  chosen.push(await answerFirst(page, total, total));
  const sent = (await submitted).postDataJSON() as { answers: string[] };
  // The answers given before Back and the reload went with the rest.
  expect(sent.answers).toEqual(chosen);

  await expect(page.getByRole('heading', { name: 'Your Quiz Results' })).toBeVisible();
  // Two confirms (Back link, browser Back) and the browser's own prompt on the reload.
  expect(dialogs.filter((d) => d.startsWith('confirm:'))).toHaveLength(2);
  expect(dialogs.slice(2)).toEqual(['beforeunload: ']);
  const scoreText = (await page.getByText(/^Your score: \d+%$/).textContent()) ?? '';
  const score = Number(/(\d+)%/.exec(scoreText)?.[1]);
  await expect(page.getByText(score >= 70 ? 'Passed' : 'Not yet', { exact: true })).toBeVisible();
  const next = page.getByRole('link', { name: /^Next: .+ Quiz$/ });
  await expect(next).toBeVisible();
  await expectNoAxeViolations(page);

  // Submitted, the place is forgotten: back at this quiz from the next one, it starts at question 1.
  await next.click();
  await expect(page.getByText(/^Question 1\/\d+$/)).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: QUIZ_LINK })).toBeVisible();
  await expect(page.getByText(`Question 1/${total}`)).toBeVisible();
  // Nothing asked once the quiz was submitted.
  expect(dialogs).toHaveLength(3);
});
