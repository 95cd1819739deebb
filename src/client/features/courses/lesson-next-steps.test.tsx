// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LessonExercise, LessonReply } from '#shared/api/lesson.schema.ts';
import { fakeApi, renderPage, subscriber } from '#client/testing/render-page.tsx';
import { LessonNextSteps } from './lesson-next-steps.tsx';

const exercise = (id: string, title: string): LessonExercise => ({
  id,
  title,
  promptHtml: '<p>Do it.</p>',
  starter: '',
  solution: 'print(1)\n',
  hints: [],
  check: { stdout: '1\n' },
});

const lesson = (following: LessonReply['module']['following']): LessonReply => ({
  module: {
    number: 3,
    title: 'Control Flow',
    recapHtml: [],
    nextHtml: '',
    quizzes: [{ slug: 'loops-and-ranges', title: 'Loops and Ranges', questionCount: 12 }],
    following,
  },
  html: '',
  codeBlocks: [],
  exercises: [
    exercise('m03-e1-ticket-price', 'Ticket price'),
    exercise('m03-e2-countdown', 'Countdown'),
    exercise('m03-e3-times-table', 'Times table'),
  ],
});

const progress = (exerciseId: string, solved: boolean) => ({
  exerciseId,
  code: '',
  solved,
  solvedAt: solved ? '2026-11-28T10:00:00.000Z' : null,
  updatedAt: '2026-11-28T10:00:00.000Z',
});

function show(reply: LessonReply, solved: string[], bestScore?: number) {
  fakeApi({
    [`GET /api/user/${subscriber.googleId}`]: () => subscriber,
    'GET /api/exercise-progress': () => ({
      exercises: [...solved.map((id) => progress(id, true)), progress('m03-e3-times-table', false)],
    }),
    'GET /api/user/*': () =>
      bestScore === undefined ? [] : [{ quizId: { _id: 'loops-and-ranges' }, bestScore }],
  });
  renderPage(<LessonNextSteps lesson={reply} />, '/dashboard/lessons/module3');
  return screen.getByRole('region', { name: 'Your next steps' });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the lesson closing: what is left in the module', () => {
  it('lists the exercises not yet solved, each a link to its card', async () => {
    const region = show(lesson({ number: 4, title: 'Functions' }), ['m03-e1-ticket-price']);

    expect(await within(region).findByText(/1 of 3 practice exercises solved/)).toBeTruthy();
    const links = within(region)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href')?.startsWith('#'));
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Exercise 2: Countdown', '#exercise-m03-e2-countdown'],
      ['Exercise 3: Times table', '#exercise-m03-e3-times-table'],
    ]);
  });

  it('says when every exercise is solved, and gives the quiz its length, pass mark and best score', async () => {
    const region = show(
      lesson({ number: 4, title: 'Functions' }),
      ['m03-e1-ticket-price', 'm03-e2-countdown', 'm03-e3-times-table'],
      60,
    );

    expect(await within(region).findByText('All 3 practice exercises are solved.')).toBeTruthy();
    const quiz = within(region).getByRole('link', { name: 'Loops and Ranges Quiz' });
    expect(quiz.getAttribute('href')).toBe('/dashboard/quiz/loops-and-ranges');
    expect(await within(region).findByText(/Your best so far: 60%\.$/)).toBeTruthy();
    expect(quiz.parentElement?.textContent).toBe(
      'Loops and Ranges Quiz, 12 questions, about 9 minutes. Your best so far: 60%.',
    );
    expect(
      within(region).getByText(
        'Take the quiz: 70% passes, and you can retake it as often as you like.',
      ),
    ).toBeTruthy();
    expect(
      within(region).getByRole('link', { name: 'Module 4: Functions' }).getAttribute('href'),
    ).toBe('/dashboard/lessons/module4');
  });

  it('says a passed quiz is passed, and offers no next module after the last', async () => {
    const region = show(lesson(null), [], 80);

    expect(await within(region).findByText(/Your best so far: 80%, passed\.$/)).toBeTruthy();
    expect(within(region).queryByRole('link', { name: /^Module / })).toBeNull();
  });

  it('names the exercises without a verdict until the progress has arrived', () => {
    const region = show(lesson({ number: 4, title: 'Functions' }), []);

    expect(within(region).getByText('Solve the 3 practice exercises above.')).toBeTruthy();
  });
});
