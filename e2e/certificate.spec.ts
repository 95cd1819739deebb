import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { loadCourseContent } from '../src/server/content/course-content.ts';
import { becomeSubscriber, expectNoAxeViolations, freshEmail } from './journeys.ts';

/*
 * The certificate journey (issue 21): a learner completes the course (every exercise claimed with
 * its solution, which the server checks in its own Pyodide, and every quiz answered right; then,
 * as the certificate asks it too, every project's steps, issue 33), issues
 * the certificate from the dashboard under a chosen name, opens its public address in a fresh
 * browser context (signed out) and prints it to PDF: one page.
 */

test('complete the course, issue the certificate, open it signed out and print one page', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const course = await loadCourseContent('content');
  await becomeSubscriber(page, 'Cert Learner', freshEmail('cert'));
  const origin = new URL(page.url()).origin;
  const userId = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('user') ?? '{}') as { _id?: string })._id,
  );

  // Progress through the API, as the lesson pages' Check and the quiz page send it.
  for (const lesson of course.lessons.values()) {
    for (const exercise of lesson.exercises) {
      const checked = await page.request.post(`/api/exercise-progress/${exercise.id}/checks`, {
        headers: { origin },
        data: { code: exercise.solution, browserPassed: true },
      });
      expect(checked.status(), exercise.id).toBe(200);
      expect(((await checked.json()) as { passed: boolean }).passed, exercise.id).toBe(true);
    }
  }
  for (const quiz of course.quizzes.values()) {
    const answers = quiz.questions.map((q) => q.answers[q.correct] ?? '');
    const graded = await page.request.post('/api/submit-quiz', {
      headers: { origin },
      data: { userId, quizId: quiz.slug, answers },
    });
    expect(graded.status(), quiz.slug).toBe(200);
  }

  const panel = page.getByRole('region', { name: 'Certificate of completion' });
  // Projects (issue 33): every exercise and quiz is not enough while a project is unfinished.
  if (course.projects.length > 0) {
    await page.goto('/dashboard');
    await expect(panel.getByText(`Projects built: 0 of ${course.projects.length}.`)).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Issue my certificate' })).toHaveCount(0);
    for (const project of course.projects) {
      for (const step of project.steps) {
        const checked = await page.request.post(`/api/exercise-progress/${step.id}/checks`, {
          headers: { origin },
          data: { code: step.solution, browserPassed: true },
        });
        expect(((await checked.json()) as { passed: boolean }).passed, step.id).toBe(true);
      }
    }
  }

  await page.goto('/dashboard');
  const name = panel.getByLabel('Name on the certificate');
  await expect(name).toHaveValue('Cert Learner');
  await name.fill('Ada Cert Lovelace');
  // The preview shows exactly what becomes public.
  const preview = panel.getByLabel('Preview of the public certificate');
  await expect(preview.getByText('Ada Cert Lovelace')).toBeVisible();
  await expect(preview.locator('ol > li')).toHaveCount(15);
  // Axe on the panel only: the rest of the dashboard belongs to other journeys.
  const panelAxe = await new AxeBuilder({ page })
    .include('section[aria-labelledby="certificate-heading"]')
    .analyze();
  expect(panelAxe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await panel.getByRole('button', { name: 'Issue my certificate' }).click();
  const link = panel.getByRole('link', { name: /\/certificates\// });
  await expect(link).toBeVisible();
  const address = (await link.textContent()) ?? '';
  expect(address).toMatch(/\/certificates\/[A-Za-z0-9_-]{22}$/);

  // A fresh context: no cookies, no localStorage, as an employer opening the link.
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(new URL(address).pathname);
  await expect(publicPage).toHaveTitle('Ada Cert Lovelace: certificate of completion | Indent');
  const sheet = publicPage.getByRole('article', { name: 'Certificate of completion' });
  await expect(sheet.getByText('Ada Cert Lovelace')).toBeVisible();
  await expect(sheet.locator('ol > li')).toHaveCount(15);
  // A new certificate lists the projects, each with its one line on what the program does.
  for (const project of course.projects) {
    await expect(sheet.getByText(project.summary)).toBeVisible();
  }
  await expect(sheet.getByText(/Verified by the server/)).toBeVisible();
  const linkedIn = publicPage.getByRole('link', { name: 'Add to LinkedIn' });
  expect(await linkedIn.getAttribute('href')).toContain('https://www.linkedin.com/profile/add?');
  expect(
    await publicPage.locator('meta[property="og:title"]').first().getAttribute('content'),
  ).toContain('Ada Cert Lovelace');
  await expectNoAxeViolations(publicPage);

  // The printed sheet holds all of its text: A4 landscape less the margins is about 1047 x 718 px.
  await publicPage.setViewportSize({ width: 1047, height: 718 });
  await publicPage.emulateMedia({ media: 'print' });
  await publicPage.screenshot({ path: test.info().outputPath('certificate-print.png') });
  expect(await sheet.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  await expect(publicPage.getByRole('button', { name: 'Print or save as PDF' })).toBeHidden();
  const pdf = await publicPage.pdf({ preferCSSPageSize: true, printBackground: true });
  // Every page of a PDF is one "/Type /Page" object (the page tree is "/Type /Pages").
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? [];
  expect(pages).toHaveLength(1);
  const [, width, height] =
    /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)/.exec(pdf.toString('latin1')) ?? [];
  expect(Number(width)).toBeGreaterThan(Number(height));
  await visitor.close();
});
