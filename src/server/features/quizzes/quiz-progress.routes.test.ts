import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { quizProgressReplySchema, quizProgressSchema } from '#shared/api/quiz.schema.ts';
import {
  browserHeaders as headers,
  createTestApp,
  grantPaidAccess,
  signInWithDevLogin,
  testClock,
  testContent,
  type Jar,
  type TestApp,
} from '../../testing/test-app.ts';
import type { CourseContent, GradableQuiz } from '../../content/course-content.ts';

/* The place kept in a quiz not yet submitted (issue 35, decision 0037), on both engines. */

let t: TestApp;
let content: CourseContent;
const clock = testClock();
beforeEach(() => clock.reset());

beforeAll(async () => {
  content = await testContent();
  t = await createTestApp({ deps: { clock } });
});
afterAll(async () => {
  await t.close();
});

async function signIn(name: string) {
  const email = `${name.toLowerCase().replace(/\W/g, '')}@example.com`;
  const { jar, user } = await signInWithDevLogin(t, name, email);
  return { jar, userId: user._id, googleId: user.googleId };
}
async function subscriber(name: string) {
  const signedIn = await signIn(name);
  await grantPaidAccess(t.database.db, signedIn.userId, clock.now());
  return signedIn;
}

function firstQuiz(): GradableQuiz {
  const quiz = content.quizzes.get(content.quizList[0]?._id ?? '');
  if (!quiz) throw new Error('no quiz in content');
  return quiz;
}
/** The first answer of each of the first `n` questions. */
const firstAnswers = (quiz: GradableQuiz, n: number) =>
  quiz.questions.slice(0, n).map((q) => q.answers[0] ?? '');

const url = (userId: string, quizId: string) =>
  `/api/user/${encodeURIComponent(userId)}/quiz-progress/${encodeURIComponent(quizId)}`;
const call = (
  method: 'GET' | 'PUT' | 'DELETE',
  jar: Jar | null,
  path: string,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url: path, headers: headers(jar), ...(payload ? { payload } : {}) });

const storedFor = (userId: string) =>
  t.database.db.selectFrom('quiz_progress').selectAll().where('user_id', '=', userId).execute();

describe('/api/user/:userId/quiz-progress/:quizId', () => {
  it('keeps the place, gives it back by id or Google id, replaces it, and forgets it', async () => {
    const { jar, userId, googleId } = await subscriber('Placid Keeper');
    const quiz = firstQuiz();
    const empty = await call('GET', jar, url(userId, quiz.slug));
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ progress: null });

    const first = await call('PUT', jar, url(userId, quiz.slug), {
      index: 1,
      answers: firstAnswers(quiz, 1),
    });
    expect(first.statusCode).toBe(200);
    expect(quizProgressSchema.parse(first.json())).toMatchObject({ quizId: quiz.slug, index: 1 });

    const answers = [...firstAnswers(quiz, 3).slice(0, 2), ''];
    const second = await call('PUT', jar, url(userId, quiz.title), { index: 2, answers });
    expect(second.statusCode).toBe(200);
    for (const id of [userId, googleId]) {
      const res = await call('GET', jar, url(id, quiz.slug));
      const body = quizProgressReplySchema.parse(res.json());
      expect(body.progress).toMatchObject({ quizId: quiz.slug, index: 2, answers });
    }
    expect(await storedFor(userId)).toHaveLength(1);

    const gone = await call('DELETE', jar, url(userId, quiz.slug));
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ progress: null });
    expect(await storedFor(userId)).toHaveLength(0);
    expect((await call('DELETE', jar, url(userId, quiz.slug))).statusCode).toBe(200);
  });

  it('forgets the place once the quiz is submitted', async () => {
    const { jar, userId } = await subscriber('Submit Forgets');
    const quiz = firstQuiz();
    await call('PUT', jar, url(userId, quiz.slug), { index: 1, answers: firstAnswers(quiz, 1) });
    expect(await storedFor(userId)).toHaveLength(1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/submit-quiz',
      headers: headers(jar),
      payload: { userId, quizId: quiz.slug, answers: firstAnswers(quiz, quiz.questions.length) },
    });
    expect(res.statusCode).toBe(200);
    expect(await storedFor(userId)).toHaveLength(0);
  });

  it('answers 401 without a user and 403 for a user without access, storing nothing', async () => {
    const quiz = firstQuiz();
    const { jar, userId } = await signIn('No Access');
    const body = { index: 0, answers: [] };
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const anonymous = await call(method, null, url(userId, quiz.slug), body);
      expect(anonymous.statusCode, method).toBe(401);
      const unpaid = await call(method, jar, url(userId, quiz.slug), body);
      expect(unpaid.statusCode, method).toBe(403);
      expect(unpaid.json().error.message.length).toBeGreaterThan(10);
    }
    expect(await storedFor(userId)).toHaveLength(0);
  });

  it("answers 403 for another learner's place and leaves theirs alone", async () => {
    const a = await subscriber('Ann Other');
    const b = await subscriber('Ben Other');
    const quiz = firstQuiz();
    await call('PUT', b.jar, url(b.userId, quiz.slug), {
      index: 1,
      answers: firstAnswers(quiz, 1),
    });
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(method, a.jar, url(b.userId, quiz.slug), { index: 0, answers: [] });
      expect(res.statusCode, method).toBe(403);
      expect(res.json().error.message).toContain('your own account');
    }
    expect(await storedFor(b.userId)).toHaveLength(1);
    expect(await storedFor(a.userId)).toHaveLength(0);
  });

  it('refuses an unknown quiz, a question or answer the quiz does not have, and bad input', async () => {
    const { jar, userId } = await subscriber('Careful Keeper');
    const quiz = firstQuiz();
    const n = quiz.questions.length;
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['no-such-quiz', { index: 0, answers: [] }, 404, 'not_found'],
      [quiz.slug, { index: n, answers: [] }, 400, 'question_out_of_range'],
      [quiz.slug, { index: 0, answers: [...firstAnswers(quiz, n), ''] }, 400, 'wrong_answer_count'],
      [quiz.slug, { index: 1, answers: ['not an option'] }, 400, 'unknown_answer'],
      // The first question's answer given to the second, where it is not an option.
      [quiz.slug, { index: 1, answers: ['', 'x'.repeat(30)] }, 400, 'unknown_answer'],
      [quiz.slug, { index: -1, answers: [] }, 400, 'validation_failed'],
      [quiz.slug, { index: 1.5, answers: [] }, 400, 'validation_failed'],
      [quiz.slug, { answers: [] }, 400, 'validation_failed'],
      [quiz.slug, { index: 0, answers: [1] }, 400, 'validation_failed'],
      [quiz.slug, { index: 0, answers: 'all' }, 400, 'validation_failed'],
    ];
    for (const [quizId, payload, status, code] of cases) {
      const res = await call('PUT', jar, url(userId, quizId), payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(res.json().error.code).toBe(code);
      expect(res.json().error.message.length).toBeGreaterThan(10);
    }
    expect((await call('GET', jar, url(userId, 'no-such-quiz'))).statusCode).toBe(404);
    expect((await call('DELETE', jar, url(userId, 'no-such-quiz'))).statusCode).toBe(404);
    expect(await storedFor(userId)).toHaveLength(0);
  });

  it('drops a kept place the quiz no longer matches rather than showing it', async () => {
    const { jar, userId } = await subscriber('Edited Quiz');
    const quiz = firstQuiz();
    await t.database.db
      .insertInto('quiz_progress')
      .values({
        user_id: userId,
        quiz_id: quiz.slug,
        question_index: 0,
        answers: JSON.stringify(['an answer since reworded']),
        updated_at: clock.now().toISOString(),
      })
      .execute();
    const res = await call('GET', jar, url(userId, quiz.slug));
    expect(res.json()).toEqual({ progress: null });
  });
});
