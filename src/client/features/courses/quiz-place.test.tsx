// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuizProgressReply, QuizReply, SubmitQuizReply } from '#shared/api/quiz.schema.ts';
import { fakeApi, renderPage, subscriber } from '#client/testing/render-page.tsx';
import { answersRecord, fitsQuiz, furtherPlace, readPlace, writePlace } from './quiz-place.ts';
import { QuizPage } from './quiz-page.tsx';

/* The quiz keeps its place (issue 35, decision 0037): on the device, on the server, and on leaving. */

const quiz: QuizReply = {
  _id: 'three-steps',
  title: 'Three Steps',
  quizNumber: 2,
  questions: ['One', 'Two', 'Three'].map((word) => ({
    questionText: `Question ${word}?`,
    answers: [{ text: `${word} a` }, { text: `${word} b` }],
  })),
};
const reply: SubmitQuizReply = { score: 100, bestScore: 100, review: [] };
const key = `indent:quiz-place:${subscriber._id}:${quiz._id}`;

function start(server: QuizProgressReply = { progress: null }) {
  const calls = fakeApi({
    [`GET /api/user/${subscriber.googleId}`]: () => subscriber,
    'GET /api/quiz-by-title/*': () => quiz,
    [`GET /api/user/${subscriber._id}/quiz-progress/${quiz._id}`]: () => server,
    [`PUT /api/user/${subscriber._id}/quiz-progress/${quiz._id}`]: (call) => ({
      ...(call.body as object),
      quizId: quiz._id,
      updatedAt: '2026-11-28T12:00:00.000Z',
    }),
    'POST /api/submit-quiz': () => reply,
  });
  renderPage(<QuizPage />, '/dashboard/quiz/three-steps', '/dashboard/quiz/:quizTitle');
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the kept place, as data', () => {
  it('prefers the place further on, whichever copy it is', () => {
    const early = { index: 0, answers: ['One a'] };
    const later = { index: 1, answers: ['One a'] };
    const laterAnswered = { index: 1, answers: ['One a', 'Two b'] };
    expect(furtherPlace(early, later)).toBe(later);
    expect(furtherPlace(later, early)).toBe(later);
    expect(furtherPlace(later, laterAnswered)).toBe(laterAnswered);
    expect(furtherPlace(undefined, early)).toBe(early);
    expect(furtherPlace(undefined, undefined)).toBeUndefined();
  });

  it('fits only a place the quiz can show', () => {
    expect(fitsQuiz({ index: 1, answers: ['One a'] }, quiz.questions)).toBe(true);
    expect(fitsQuiz({ index: 1, answers: ['One a', 'Two b'] }, quiz.questions)).toBe(true);
    expect(fitsQuiz({ index: 3, answers: [] }, quiz.questions)).toBe(false);
    expect(fitsQuiz({ index: 1, answers: ['reworded'] }, quiz.questions)).toBe(false);
    // An earlier question left unanswered cannot happen: Next needs an answer.
    expect(fitsQuiz({ index: 2, answers: ['One a', ''] }, quiz.questions)).toBe(false);
    expect(answersRecord({ index: 1, answers: ['One a', ''] })).toEqual({ 0: 'One a' });
  });

  it('reads back what it wrote and ignores what it did not', () => {
    writePlace(localStorage, 'u', 'q', { index: 1, answers: ['x'] });
    expect(readPlace(localStorage, 'u', 'q')).toEqual({ index: 1, answers: ['x'] });
    expect(readPlace(localStorage, 'someone-else', 'q')).toBeUndefined();
    localStorage.setItem('indent:quiz-place:u:bad', '{not json');
    expect(readPlace(localStorage, 'u', 'bad')).toBeUndefined();
  });
});

describe('QuizPage keeps its place', () => {
  it('keeps each step on the device and the server, and forgets it once submitted', async () => {
    const user = userEvent.setup();
    const calls = start();
    await user.click(await screen.findByRole('radio', { name: 'One b' }));
    await user.click(screen.getByRole('button', { name: 'Next Question' }));
    expect(await screen.findByText('Question 2/3')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(key) ?? '')).toEqual({
      index: 1,
      answers: ['One b', ''],
    });
    await waitFor(() => {
      const puts = calls.filter((c) => c.method === 'PUT');
      expect(puts.at(-1)?.body).toEqual({ index: 1, answers: ['One b', ''] });
    });

    await user.click(screen.getByRole('radio', { name: 'Two a' }));
    await user.click(screen.getByRole('button', { name: 'Next Question' }));
    await user.click(await screen.findByRole('radio', { name: 'Three a' }));
    await user.click(screen.getByRole('button', { name: 'Submit Quiz' }));
    expect(await screen.findByText('Your score: 100%')).toBeTruthy();
    expect(localStorage.getItem(key)).toBeNull();
    const sent = calls.find((c) => c.method === 'POST')?.body as { answers: string[] };
    expect(sent.answers).toEqual(['One b', 'Two a', 'Three a']);
    // Every place went out before the submit, so none lands after the grading.
    expect(calls.findLastIndex((c) => c.method === 'PUT')).toBeLessThan(
      calls.findIndex((c) => c.method === 'POST'),
    );
  });

  it("opens at the server's place with the earlier answers kept", async () => {
    const user = userEvent.setup();
    const calls = start({
      progress: {
        quizId: quiz._id,
        index: 2,
        answers: ['One a', 'Two b', ''],
        updatedAt: '2026-11-28T12:00:00.000Z',
      },
    });
    expect(await screen.findByText('Question 3/3')).toBeTruthy();
    expect(screen.queryByText('Question 1/3')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Three b' }));
    await user.click(screen.getByRole('button', { name: 'Submit Quiz' }));
    await screen.findByText('Your score: 100%');
    const sent = calls.find((c) => c.method === 'POST')?.body as { answers: string[] };
    expect(sent.answers).toEqual(['One a', 'Two b', 'Three b']);
  });

  it("opens at the device's place when it is further on than the server's (a lost connection)", async () => {
    localStorage.setItem(key, JSON.stringify({ index: 1, answers: ['One a', 'Two a'] }));
    const calls = start({
      progress: { quizId: quiz._id, index: 0, answers: ['One b'], updatedAt: '2026-11-28' },
    });
    expect(await screen.findByText('Question 2/3')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Two a' }) as HTMLInputElement).checked).toBe(true);
    // The server is told, so another device finds the place too.
    await waitFor(() => {
      const put = calls.find((c) => c.method === 'PUT');
      expect(put?.body).toEqual({ index: 1, answers: ['One a', 'Two a'] });
    });
  });

  it('asks before leaving mid-quiz; cancelling stays on the question, confirming leaves', async () => {
    const user = userEvent.setup();
    start();
    await user.click(await screen.findByRole('radio', { name: 'One a' }));
    await user.click(screen.getByRole('button', { name: 'Next Question' }));
    await screen.findByText('Question 2/3');

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false);
    await user.click(screen.getByRole('link', { name: /^Back\s*to the dashboard$/ }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('question 2'));
    expect(screen.getByText('Question 2/3')).toBeTruthy();

    confirm.mockReturnValueOnce(true);
    await user.click(screen.getByRole('link', { name: /^Back\s*to the dashboard$/ }));
    expect(await screen.findByText('Another page')).toBeTruthy();
  });

  it('leaves without asking before the first answer', async () => {
    const user = userEvent.setup();
    start();
    await screen.findByText('Question 1/3');
    const confirm = vi.spyOn(window, 'confirm');
    await user.click(screen.getByRole('link', { name: /^Back\s*to the dashboard$/ }));
    expect(await screen.findByText('Another page')).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
  });
});
