import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GradableQuiz } from '../../content/course-content.ts';
import { DAY_MS } from '../../platform/clock.ts';
import {
  browserHeaders,
  createTestApp,
  grantPaidAccess,
  signInWithDevLogin,
  testClock,
  testContent,
  type Jar,
  type TestApp,
} from '../../testing/test-app.ts';

const content = await testContent();
const quiz = content.quizzes.get(content.quizList[0]?._id ?? '') as GradableQuiz;
const right = (i: number) => quiz.questions[i]?.answers[quiz.questions[i]?.correct ?? 0] ?? '';
const wrong = (i: number) =>
  quiz.questions[i]?.answers.find((_, a) => a !== quiz.questions[i]?.correct) ?? '';

describe('review of missed quiz questions', () => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp({ deps: { clock } });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => clock.reset());

  async function subscriber(name: string, email: string) {
    const { jar, user } = await signInWithDevLogin(t, name, email);
    await grantPaidAccess(t.database.db, user._id, clock.now());
    return { jar, userId: user._id };
  }
  const submit = (jar: Jar, userId: string, answers: string[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/submit-quiz',
      headers: browserHeaders(jar),
      payload: { userId, quizId: quiz.slug, answers },
    });
  const queue = (jar: Jar | null, userId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/user/${userId}/review`,
      headers: browserHeaders(jar),
    });
  const answer = (jar: Jar | null, userId: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/user/${userId}/review/answers`,
      headers: browserHeaders(jar),
      payload,
    });
  /** Misses the first two questions and gets the rest right. */
  const missTwo = (jar: Jar, userId: string) =>
    submit(
      jar,
      userId,
      quiz.questions.map((_, i) => (i < 2 ? wrong(i) : right(i))),
    );

  it('answers 401 to a visitor, 403 without access and 403 for another learner', async () => {
    expect((await queue(null, 'someone')).statusCode).toBe(401);
    const valid = { quizId: quiz.slug, questionIndex: 0, answer: right(0) };
    expect((await answer(null, 'someone', valid)).statusCode).toBe(401);
    const unpaid = await signInWithDevLogin(t, 'No Access', 'unpaid@example.com');
    expect((await queue(unpaid.jar, unpaid.user._id)).statusCode).toBe(403);
    const unpaidAnswer = await answer(unpaid.jar, unpaid.user._id, valid);
    expect(unpaidAnswer.statusCode).toBe(403);
    expect(unpaidAnswer.json().error.code).toBe('no_access');
    const ada = await subscriber('Ada', 'ada-review@example.com');
    const alan = await subscriber('Alan', 'alan-review@example.com');
    expect((await queue(ada.jar, alan.userId)).statusCode).toBe(403);
    const other = await answer(ada.jar, alan.userId, {
      quizId: quiz.slug,
      questionIndex: 0,
      answer: right(0),
    });
    expect(other.statusCode).toBe(403);
  });

  it('answers 400 with a clear message to a malformed answer', async () => {
    const { jar, userId } = await subscriber('Bad Input', 'bad-review@example.com');
    const res = await answer(jar, userId, { quizId: quiz.slug, questionIndex: -1, answer: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/questionIndex/);
    const missing = await answer(jar, userId, { quizId: quiz.slug, questionIndex: 0 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/answer/);
  });

  it('follows the 1, 3, 7, 21 day intervals and never sends an answer before it is given', async () => {
    const { jar, userId } = await subscriber('Grace', 'grace-review@example.com');
    const scoreBefore = (await missTwo(jar, userId)).json().bestScore;

    const today = (await queue(jar, userId)).json();
    expect(today).toMatchObject({ dueCount: 0, queued: 2, questions: [] });
    expect(today.nextDueAt).toBe(new Date(clock.now().getTime() + DAY_MS).toISOString());
    // Too early: a question that is not due cannot be answered.
    const early = await answer(jar, userId, {
      quizId: quiz.slug,
      questionIndex: 0,
      answer: right(0),
    });
    expect(early.statusCode).toBe(409);

    clock.advance(DAY_MS);
    const due = await queue(jar, userId);
    expect(due.json().dueCount).toBe(2);
    expect(due.json().questions.map((q: { questionIndex: number }) => q.questionIndex)).toEqual([
      0, 1,
    ]);
    // Nothing before the answer says which choice is right or why.
    expect(due.body).not.toContain(quiz.questions[0]?.explanation ?? '');
    expect(Object.keys(due.json().questions[0]).sort()).toEqual(
      ['answers', 'questionIndex', 'questionText', 'quizId', 'quizTitle'].sort(),
    );

    const good = await answer(jar, userId, {
      quizId: quiz.slug,
      questionIndex: 0,
      answer: right(0),
    });
    expect(good.json()).toEqual({
      isCorrect: true,
      correct: right(0),
      explanation: quiz.questions[0]?.explanation,
      nextDueAt: new Date(clock.now().getTime() + 3 * DAY_MS).toISOString(),
    });
    const bad = await answer(jar, userId, {
      quizId: quiz.slug,
      questionIndex: 1,
      answer: wrong(1),
    });
    expect(bad.json()).toMatchObject({
      isCorrect: false,
      correct: right(1),
      nextDueAt: new Date(clock.now().getTime() + DAY_MS).toISOString(),
    });
    expect((await queue(jar, userId)).json().dueCount).toBe(0);

    clock.advance(DAY_MS);
    expect((await queue(jar, userId)).json().questions).toHaveLength(1); // question 1 again
    clock.advance(2 * DAY_MS);
    expect((await queue(jar, userId)).json().dueCount).toBe(2); // and question 0 after 3 days

    // Right again and again: 7 days, 21 days, then out of the queue.
    const rightAgain = async (expectedDays: number | null) => {
      const res = await answer(jar, userId, {
        quizId: quiz.slug,
        questionIndex: 0,
        answer: right(0),
      });
      expect(res.statusCode).toBe(200);
      const expected =
        expectedDays === null
          ? null
          : new Date(clock.now().getTime() + expectedDays * DAY_MS).toISOString();
      expect(res.json().nextDueAt).toBe(expected);
      if (expectedDays !== null) clock.advance(expectedDays * DAY_MS);
    };
    await rightAgain(7);
    await rightAgain(21);
    await rightAgain(null);
    const left = (await queue(jar, userId)).json();
    expect(left.queued).toBe(1);
    expect(left.questions.map((q: { questionIndex: number }) => q.questionIndex)).toEqual([1]);

    // Review answers are not quiz attempts: the best score is what the quiz gave.
    const scores = await t.app.inject({
      method: 'GET',
      url: `/api/user/${userId}/quiz-scores`,
      headers: browserHeaders(jar),
    });
    expect(scores.json()).toEqual([{ quizId: { _id: quiz.slug }, bestScore: scoreBefore }]);
  });

  it('puts a question missed again in a quiz back to one day, and rejects a made-up answer', async () => {
    const { jar, userId } = await subscriber('Linus', 'linus-review@example.com');
    await missTwo(jar, userId);
    clock.advance(DAY_MS);
    await answer(jar, userId, { quizId: quiz.slug, questionIndex: 0, answer: right(0) });
    await missTwo(jar, userId);
    const after = (await queue(jar, userId)).json();
    expect(after.nextDueAt).toBe(new Date(clock.now().getTime() + DAY_MS).toISOString());
    expect(after.queued).toBe(2);

    clock.advance(DAY_MS);
    const made = await answer(jar, userId, { quizId: quiz.slug, questionIndex: 0, answer: 'nope' });
    expect(made.statusCode).toBe(400);
    const absent = await answer(jar, userId, {
      quizId: quiz.slug,
      questionIndex: 2,
      answer: right(2),
    });
    expect(absent.statusCode).toBe(404);
  });

  it("keeps each learner's queue to themselves", async () => {
    const a = await subscriber('Ann', 'ann-review@example.com');
    const b = await subscriber('Bob', 'bob-review@example.com');
    await missTwo(a.jar, a.userId);
    clock.advance(DAY_MS);
    expect((await queue(b.jar, b.userId)).json()).toMatchObject({ dueCount: 0, queued: 0 });
    const notTheirs = await answer(b.jar, b.userId, {
      quizId: quiz.slug,
      questionIndex: 0,
      answer: right(0),
    });
    expect(notTheirs.statusCode).toBe(404);
  });
});
