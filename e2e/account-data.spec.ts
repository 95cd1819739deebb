import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { becomeSubscriber, expectNoAxeViolations, freshEmail, signIn } from './journeys.ts';

/*
 * Issue 37: a subscriber with saved code downloads their data (the file holds the code), signs out
 * their other browser, deletes the account by typing their e-mail, is signed out, and signing in
 * again with the same account finds a new, empty one.
 */

interface ExportFile {
  profile?: { email: string };
  exercise_progress: { exercise_id: string; code: string }[];
  code_history: unknown[];
  lesson_visits: unknown[];
  quiz_attempts: unknown[];
  review_items: unknown[];
  study_days: unknown[];
  orders: unknown[];
}

const EXERCISE = 'm01-e2-list-and-progress';
const CODE = 'print("mine to take with me")';

/**
 * Progress in the other features, through the API as the pages send it: a passing Check (solved,
 * kept in the code history, a study day) and a quiz taken with the first answer everywhere (an
 * attempt, and its missed questions in the review queue).
 */
async function makeProgress(page: Page) {
  const origin = new URL(page.url()).origin;
  const lesson = (await (await page.request.get('/api/lessons/module1')).json()) as {
    exercises: { id: string; solution: string }[];
  };
  const exercise = lesson.exercises.find((e) => e.id === 'm01-e1-first-words');
  const checked = await page.request.post('/api/exercise-progress/m01-e1-first-words/checks', {
    headers: { origin },
    data: { code: exercise?.solution ?? '', browserPassed: true },
  });
  expect(((await checked.json()) as { passed: boolean }).passed).toBe(true);
  const userId = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('user') ?? '{}') as { _id?: string })._id,
  );
  const quizzes = (await (await page.request.get('/api/quizzes')).json()) as {
    _id: string;
    title: string;
  }[];
  const quiz = quizzes[0];
  const full = (await (
    await page.request.get(`/api/quiz-by-title/${encodeURIComponent(quiz?.title ?? '')}`)
  ).json()) as { questions: { answers: { text: string }[] }[] };
  const graded = await page.request.post('/api/submit-quiz', {
    headers: { origin },
    data: { userId, quizId: quiz?._id, answers: full.questions.map((q) => q.answers[0]?.text) },
  });
  expect(graded.status()).toBe(200);
}

/** Replaces the editor's code, as pasting would, and waits until the server has it. */
async function saveCode(page: Page) {
  await page.goto('/dashboard/lessons/module1');
  const card = page.locator(`article[data-exercise-id="${EXERCISE}"]`);
  await card.getByRole('textbox', { name: /^Code for / }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(CODE);
  await expect(card.getByText('Saved', { exact: true })).toBeVisible();
}

test('a learner downloads their data, signs out elsewhere, deletes the account and starts afresh', async ({
  page,
  browser,
}) => {
  const name = 'Grace Deleter';
  const email = freshEmail('grace');
  await becomeSubscriber(page, name, email);
  await saveCode(page);
  await makeProgress(page);

  // The same learner in another browser, to be signed out from here.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await signIn(other, name, email);

  await page.goto('/account-details');
  await expect(page.getByRole('heading', { name: 'Your Access Details:' })).toBeVisible();
  await expect(page.getByText('Access Granted Until:')).toBeVisible();
  const data = page.getByRole('region', { name: 'Your data' });
  await expect(
    data.getByText('You are also signed in on 1 other device or browser.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // Download my data: one JSON file holding the saved code.
  const downloading = page.waitForEvent('download');
  await data.getByRole('link', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^indent-data-\d{4}-\d\d-\d\d\.json$/);
  const file = JSON.parse(await readFile(await download.path(), 'utf8')) as ExportFile;
  expect(file.profile?.email).toBe(email);
  expect(file.exercise_progress).toContainEqual(
    expect.objectContaining({ exercise_id: EXERCISE, code: CODE }),
  );
  for (const part of [
    'code_history',
    'lesson_visits',
    'quiz_attempts',
    'review_items',
    'study_days',
    'orders',
  ] as const) {
    expect(file[part].length, part).toBeGreaterThan(0);
  }

  // Sign out everywhere else: the other browser's session ends.
  await data.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(data.getByText('Signed out of 1 other session.', { exact: false })).toBeVisible();
  await expect(data.getByText('You are not signed in anywhere else.')).toBeVisible();
  expect((await other.request.get('/api/account/sessions')).status()).toBe(401);
  await elsewhere.close();

  // Delete my account: a wrong e-mail is refused inline and deletes nothing.
  const confirm = data.getByLabel('Type your e-mail address to confirm');
  await confirm.fill('someone.else@example.com');
  await data.getByRole('button', { name: 'Delete my account' }).click();
  await expect(
    data.getByText('The e-mail address does not match this account; type it exactly to confirm.'),
  ).toBeVisible();
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');
  await expect(confirm).toBeFocused();

  await confirm.fill(email.toUpperCase());
  await data.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  const notice = page.getByText(/^Your account has been deleted/);
  await expect(notice).toBeInViewport();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Log In' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

  // Signing in again with the same account starts a new, empty one, without access.
  await signIn(page, name, email);
  await page.goto('/account-details');
  await expect(page).toHaveURL(/\/pricing$/);
  const fresh = (await (await page.request.get('/api/account/export')).json()) as ExportFile;
  expect(fresh.profile?.email).toBe(email);
  for (const part of ['exercise_progress', 'code_history', 'quiz_attempts', 'orders'] as const) {
    expect(fresh[part], part).toEqual([]);
  }
});
