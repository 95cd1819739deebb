import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { loadCourseContent } from '../src/server/content/course-content.ts';
import { becomeSubscriber, expectNoAxeViolations, freshEmail } from './journeys.ts';

/*
 * Issue 33: a subscriber starts project 1 from the dashboard, solves its first two steps in the
 * project page's workbench (each Check run in the browser and again on the server), reloads and
 * finds them kept, downloads the program (their own latest code) and sees the dashboard count them.
 */

async function typeCode(page: Page, title: string, code: string) {
  const editor = page.getByRole('textbox', { name: `Code for ${title}` });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
}

/** Check: the browser's verdict at once, then the server's, which the step list shows. */
async function check(page: Page) {
  const stored = page.waitForResponse((r) => r.url().endsWith('/checks'));
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.locator('[data-result]')).toContainText('Correct!', { timeout: 60_000 });
  expect(((await (await stored).json()) as { passed: boolean }).passed).toBe(true);
}

test('complete two steps of project 1, reload, download the program, see the dashboard count them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const course = await loadCourseContent('content');
  const project = course.projects[0];
  const [first, second] = project?.steps ?? [];
  if (!project || !first || !second) throw new Error('content/projects has no project 1');
  const steps = project.steps.length;
  await becomeSubscriber(page, 'Pat Project', freshEmail('pat'));

  await page.goto('/dashboard');
  const projects = page.getByRole('region', { name: 'Projects' });
  const card = projects.getByRole('listitem').filter({ hasText: project.title });
  await expect(card.getByText(`Recommended after module ${project.after}`)).toBeVisible();
  await expect(card.getByText(`0 of ${steps} steps done`)).toBeVisible();
  await card.getByRole('link', { name: `Start ${project.title}` }).click();

  await expect(page.getByRole('heading', { level: 1, name: project.title })).toBeVisible();
  const steps2 = page.getByRole('navigation', { name: 'Steps' });
  await expect(steps2.getByText(`Step 2: ${second.title} (solve step 1 first)`)).toBeVisible();
  // Step 1 opens with its starter, which its check refuses.
  await expect(page.getByRole('textbox', { name: `Code for ${first.title}` })).toContainText(
    first.starter.split('\n')[0] ?? '',
  );
  await typeCode(page, first.title, first.solution);
  await check(page);
  await expect(steps2.getByRole('listitem').first()).toContainText('Solved');

  // Step 2 opens with the learner's own code of step 1.
  await page.getByRole('button', { name: 'Go on to step 2' }).click();
  const editor2 = page.getByRole('textbox', { name: `Code for ${second.title}` });
  await expect(editor2).toContainText(first.solution.split('\n')[0] ?? '');
  await typeCode(page, second.title, second.solution);
  await check(page);

  await page.reload();
  await expect(page.getByText(`2 of ${steps} steps done`)).toBeVisible();
  await expect(steps2.getByRole('listitem').nth(0)).toContainText('Solved');
  await expect(steps2.getByRole('listitem').nth(1)).toContainText('Solved');
  await expectNoAxeViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the program' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe(project.file);
  const text = await readFile(await saved.path(), 'utf8');
  expect(text).toBe(second.solution);
  await expect(page.getByRole('link', { name: 'Python on your own computer' })).toHaveAttribute(
    'href',
    '/dashboard/lessons/module10#python-on-your-own-computer',
  );

  await page.goto('/dashboard');
  await expect(card.getByText(`2 of ${steps} steps done`)).toBeVisible();
  await expect(card.getByRole('link', { name: `Continue ${project.title}` })).toBeVisible();
  await expectNoAxeViolations(page);
});
