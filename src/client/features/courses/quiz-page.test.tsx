// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuizReply, SubmitQuizBody, SubmitQuizReply } from '#shared/api/quiz.schema.ts';
import { fakeApi, renderPage, subscriber } from '#client/testing/render-page.tsx';
import { QuizPage } from './quiz-page.tsx';

const quiz: QuizReply = {
  _id: 'loops-and-lists',
  title: 'Loops and Lists',
  quizNumber: 3,
  questions: [
    {
      questionText: 'What does this program print?\n\nfor n in range(2):\n    print(n)',
      answers: [{ text: '0\n1' }, { text: '1\n2' }, { text: '0\n1\n2' }],
    },
    {
      questionText: 'Which line adds `x` to the end of `items`?',
      answers: [{ text: '`items.append(x)`' }, { text: '`items.add(x)`' }, { text: '`items + x`' }],
    },
  ],
};

const reply: SubmitQuizReply = {
  score: 50,
  bestScore: 50,
  review: [
    {
      questionText: quiz.questions[0]?.questionText ?? '',
      chosen: '0\n1',
      correct: '0\n1',
      isCorrect: true,
      explanation: '`range(2)` counts 0 and 1.',
    },
    {
      questionText: quiz.questions[1]?.questionText ?? '',
      chosen: '`items.add(x)`',
      correct: '`items.append(x)`',
      isCorrect: false,
      explanation: 'Lists have `append`; `add` belongs to sets.',
    },
  ],
};

function start() {
  const calls = fakeApi({
    [`GET /api/user/${subscriber.googleId}`]: () => subscriber,
    'GET /api/quiz-by-title/*': () => quiz,
    'POST /api/submit-quiz': () => reply,
    // The kept place (quiz-place.test.tsx has its own tests): none to start from, saves accepted.
    'GET /api/user/*': () => ({ progress: null }),
    'PUT /api/user/*': () => ({}),
  });
  renderPage(<QuizPage />, '/dashboard/quiz/loops-and-lists', '/dashboard/quiz/:quizTitle');
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('QuizPage', () => {
  it('keeps Next disabled until an answer is picked, counts the questions, submits on the last', async () => {
    const user = userEvent.setup();
    const calls = start();

    expect(await screen.findByText('Question 1/2')).toBeTruthy();
    // SPEC 4 starts at question 1: the introduction is a line above it, gone on question 2.
    expect(screen.getByText(/^2 questions, about 2 minutes\. 70% passes/)).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Next Question' });
    expect((next as HTMLButtonElement).disabled).toBe(true);
    // The program of the question is shown preformatted, apart from its text.
    expect(screen.getByText(/for n in range\(2\):/).tagName).toBe('PRE');

    await user.click(screen.getByRole('radio', { name: /^0\s+1$/ }));
    expect((next as HTMLButtonElement).disabled).toBe(false);
    await user.click(next);

    expect(await screen.findByText('Question 2/2')).toBeTruthy();
    expect(screen.queryByText(/70% passes/)).toBeNull();
    const submit = screen.getByRole('button', { name: 'Submit Quiz' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'items.add(x)' }));
    await user.click(submit);

    expect(await screen.findByText('Your score: 50%')).toBeTruthy();
    const sent = calls.find((c) => c.method === 'POST')?.body as SubmitQuizBody;
    expect(sent).toEqual({
      userId: subscriber._id,
      quizId: quiz._id,
      answers: ['0\n1', '`items.add(x)`'],
    });
  });

  it('shows the review: each answer marked, the right one beside a wrong pick, the explanation', async () => {
    const user = userEvent.setup();
    start();
    await user.click(await screen.findByRole('radio', { name: /^0\s+1$/ }));
    await user.click(screen.getByRole('button', { name: 'Next Question' }));
    await user.click(await screen.findByRole('radio', { name: 'items.add(x)' }));
    await user.click(screen.getByRole('button', { name: 'Submit Quiz' }));

    // 50% is under the pass mark: "Not yet" beside the score, the lesson for the missed question,
    // and the next step (the next module's lesson; this test's API has no quiz list).
    expect(await screen.findByText('Not yet')).toBeTruthy();
    expect(screen.queryByText('Passed')).toBeNull();
    const readAgain = screen.getByRole('link', {
      name: /^Read about it again in the module 3 lesson/,
    });
    expect(readAgain.getAttribute('href')).toBe('/dashboard/lessons/module3');
    expect(screen.getAllByRole('link', { name: /^Read about it again/ })).toHaveLength(1);
    expect(
      screen.getByRole('link', { name: 'Next: the module 4 lesson' }).getAttribute('href'),
    ).toBe('/dashboard/lessons/module4');

    const review = await screen.findByRole('list');
    const [first, second] = within(review).getAllByRole('listitem');
    expect(first?.textContent).toContain('Question 1: correct');
    expect(second?.textContent).toContain('Question 2: not correct');
    expect(within(second as HTMLElement).getByText('Correct answer')).toBeTruthy();
    // Backticked spans are code in the question, the answers and the explanation alike.
    const codes = Array.from(
      (second as HTMLElement).querySelectorAll('code'),
      (c) => c.textContent,
    );
    expect(codes).toEqual(['x', 'items', 'items.add(x)', 'items.append(x)', 'append', 'add']);
    // An output question's printed answer carries no code span: it is shown as printed.
    expect((first as HTMLElement).querySelector('dd code')).toBeNull();

    // Retake starts again at question 1 with nothing chosen.
    await user.click(screen.getByRole('button', { name: 'Retake quiz' }));
    expect(await screen.findByText('Question 1/2')).toBeTruthy();
    expect(screen.queryByRole('radio', { checked: true })).toBeNull();
  });

  it('renders backticks in the question text and answers as code, never as HTML', async () => {
    fakeApi({
      [`GET /api/user/${subscriber.googleId}`]: () => subscriber,
      'GET /api/quiz-by-title/*': () => ({
        ...quiz,
        questions: [
          {
            questionText: 'Is `<b>` bold?',
            answers: [{ text: '`<img src=x onerror=alert(1)>`' }, { text: 'No' }],
          },
        ],
      }),
    });
    renderPage(<QuizPage />, '/dashboard/quiz/loops-and-lists', '/dashboard/quiz/:quizTitle');
    const question = await screen.findByText('<b>');
    expect(question.tagName).toBe('CODE');
    expect(document.querySelector('main b, section b, img')).toBeNull();
    expect(screen.getByRole('radio', { name: '<img src=x onerror=alert(1)>' })).toBeTruthy();
  });
});
