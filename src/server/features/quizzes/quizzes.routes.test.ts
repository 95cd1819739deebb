import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { percentScore, submitQuizReplySchema } from '#shared/api/quiz.schema.ts';
import {
  browserHeaders as headers,
  createTestApp,
  testClock,
  testContent,
  type TestApp,
  grantPaidAccess,
  signInWithDevLogin,
  type Jar,
} from '../../testing/test-app.ts';
import type { CourseContent, GradableQuiz } from '../../content/course-content.ts';

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

async function signIn(name: string, email: string) {
  const { jar, user } = await signInWithDevLogin(t, name, email);
  return { jar, userId: user._id, googleId: user.googleId };
}

/** Test set-up only: the row a confirmed payment leaves behind. */
async function grantAccess(userId: string) {
  await grantPaidAccess(t.database.db, userId, clock.now());
}

async function subscriber(name: string) {
  const signedIn = await signIn(name, `${name.toLowerCase().replace(/\W/g, '')}@example.com`);
  await grantAccess(signedIn.userId);
  return signedIn;
}

const get = (jar: Jar | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: headers(jar) });
const submit = (jar: Jar | null, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/submit-quiz', headers: headers(jar), payload });

function quizBySlug(slug: string): GradableQuiz {
  const quiz = content.quizzes.get(slug);
  if (!quiz) throw new Error(`no quiz ${slug} in content`);
  return quiz;
}
const firstQuiz = () => quizBySlug(content.quizList[0]?._id ?? '');
/** Answers with the first `right` questions right and the rest wrong. */
function answers(quiz: GradableQuiz, right: number): string[] {
  return quiz.questions.map((q, i) => {
    const wrong = q.answers.find((_, a) => a !== q.correct) ?? '';
    return (i < right ? q.answers[q.correct] : wrong) ?? '';
  });
}

describe('POST /api/submit-quiz', () => {
  it('grades on the server, rounds to a whole percentage and returns a review', async () => {
    const { jar, userId } = await subscriber('Grace Grader');
    const quiz = firstQuiz();
    const n = quiz.questions.length;
    const right = Math.round((2 * n) / 3);
    const res = await submit(jar, { userId, quizId: quiz.slug, answers: answers(quiz, right) });
    expect(res.statusCode).toBe(200);
    const body = submitQuizReplySchema.parse(res.json());
    expect(body.score).toBe(Math.round((right / n) * 100));
    expect(Number.isInteger(body.score)).toBe(true);
    expect(body.review).toHaveLength(n);
    expect(body.review[0]).toMatchObject({
      isCorrect: true,
      explanation: quiz.questions[0]?.explanation,
    });
    expect(body.review[n - 1]?.isCorrect).toBe(false);
    expect(body.review[n - 1]?.correct).toBe(
      quiz.questions[n - 1]?.answers[quiz.questions[n - 1]?.correct ?? 0],
    );
  });

  it('scores 2 of 3 as 67 (and other fractions by ordinary rounding)', () => {
    expect(percentScore(2, 3)).toBe(67);
    expect(percentScore(1, 3)).toBe(33);
    expect(percentScore(8, 12)).toBe(67);
    expect(percentScore(5, 8)).toBe(63);
    expect(percentScore(0, 10)).toBe(0);
    expect(percentScore(11, 11)).toBe(100);
  });

  it('takes the quiz by its slug, its title or its spaced title, and counts unanswered as wrong', async () => {
    const { jar, userId } = await subscriber('Blank Page');
    const quiz = firstQuiz();
    const blank = quiz.questions.map(() => '');
    for (const quizId of [quiz.slug, quiz.title]) {
      const res = await submit(jar, { userId, quizId, answers: blank });
      expect(res.statusCode).toBe(200);
      expect(res.json().score).toBe(0);
      expect(res.json().review[0].chosen).toBe('');
    }
  });

  it('keeps the best score when a later attempt scores lower, and records every attempt', async () => {
    const { jar, userId, googleId } = await subscriber('Best Keeper');
    const quiz = firstQuiz();
    const all = await submit(jar, { userId, quizId: quiz.slug, answers: answers(quiz, 99) });
    expect(all.json()).toMatchObject({ score: 100, bestScore: 100 });
    const worse = await submit(jar, { userId, quizId: quiz.slug, answers: answers(quiz, 1) });
    expect(worse.json().score).toBeLessThan(100);
    expect(worse.json().bestScore).toBe(100);

    for (const id of [userId, googleId]) {
      const scores = await get(jar, `/api/user/${id}/quiz-scores`);
      expect(scores.statusCode).toBe(200);
      expect(scores.json()).toEqual([{ quizId: { _id: quiz.slug }, bestScore: 100 }]);
    }
    const attempts = await t.database.db
      .selectFrom('quiz_attempts')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(attempts.map((a) => Number(a.score)).sort((a, b) => a - b)).toEqual([
      worse.json().score,
      100,
    ]);
  });

  it('grades learners who submit at the same moment each against their own attempts', async () => {
    const [a, b, c] = await Promise.all(
      ['Same Moment A', 'Same Moment B', 'Same Moment C'].map((name) => subscriber(name)),
    );
    if (!a || !b || !c) throw new Error('three subscribers expected');
    const [quiz1, quiz2] = [firstQuiz(), quizBySlug(content.quizList[1]?._id ?? '')];
    // A already has full marks on the first quiz.
    await submit(a.jar, { userId: a.userId, quizId: quiz1.slug, answers: answers(quiz1, 99) });

    // Submitted together, so they are stored together (one commit, quiz.service.ts).
    const [a1, b1, a2, c2] = await Promise.all([
      submit(a.jar, { userId: a.userId, quizId: quiz1.slug, answers: answers(quiz1, 1) }),
      submit(b.jar, { userId: b.userId, quizId: quiz1.slug, answers: answers(quiz1, 1) }),
      submit(a.jar, { userId: a.userId, quizId: quiz2.slug, answers: answers(quiz2, 2) }),
      submit(c.jar, { userId: c.userId, quizId: quiz2.slug, answers: answers(quiz2, 99) }),
    ]);
    const low1 = percentScore(1, quiz1.questions.length);
    expect(a1?.json()).toMatchObject({ score: low1, bestScore: 100 });
    expect(b1?.json()).toMatchObject({ score: low1, bestScore: low1 });
    const low2 = percentScore(2, quiz2.questions.length);
    expect(a2?.json()).toMatchObject({ score: low2, bestScore: low2 });
    expect(c2?.json()).toMatchObject({ score: 100, bestScore: 100 });
    const stored = await t.database.db
      .selectFrom('quiz_attempts')
      .select(['user_id', 'quiz_id', 'score'])
      .where('user_id', 'in', [a.userId, b.userId, c.userId])
      .execute();
    expect(stored).toHaveLength(5);
  });

  it('fails only the submission that cannot be stored when several are stored together', async () => {
    const [kept, gone] = await Promise.all([
      subscriber('Kept Learner'),
      subscriber('Gone Learner'),
    ]);
    if (!kept || !gone) throw new Error('two subscribers expected');
    const quiz = firstQuiz();
    // Both pass the guard once, so it remembers them for a moment (ACCESS_RECHECK_MS)...
    expect((await get(kept.jar, '/api/quizzes')).statusCode).toBe(200);
    expect((await get(gone.jar, '/api/quizzes')).statusCode).toBe(200);
    // ...and then one account is deleted, so its attempt breaks the foreign key.
    await t.database.db.deleteFrom('users').where('id', '=', gone.userId).execute();
    const [ok, failed] = await Promise.all([
      submit(kept.jar, { userId: kept.userId, quizId: quiz.slug, answers: answers(quiz, 99) }),
      submit(gone.jar, { userId: gone.userId, quizId: quiz.slug, answers: answers(quiz, 99) }),
    ]);
    expect(ok?.statusCode).toBe(200);
    expect(ok?.json().score).toBe(100);
    expect(failed?.statusCode).toBe(500);
    expect(failed?.json().error.code).toBe('internal_error');
    const stored = await t.database.db
      .selectFrom('quiz_attempts')
      .select('user_id')
      .where('user_id', 'in', [kept.userId, gone.userId])
      .execute();
    expect(stored).toEqual([{ user_id: kept.userId }]);
  });

  it('refuses a wrong number of answers, an unknown quiz, an unknown answer and bad input', async () => {
    const { jar, userId } = await subscriber('Careful Carla');
    const quiz = firstQuiz();
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { userId, quizId: quiz.slug, answers: answers(quiz, 1).slice(1) },
        400,
        'wrong_answer_count',
      ],
      [{ userId, quizId: quiz.slug, answers: [] }, 400, 'wrong_answer_count'],
      [{ userId, quizId: 'no-such-quiz', answers: ['a'] }, 404, 'not_found'],
      [
        { userId, quizId: quiz.slug, answers: answers(quiz, 0).map((a, i) => (i ? a : 'nope')) },
        400,
        'unknown_answer',
      ],
      [{ userId, quizId: quiz.slug }, 400, 'validation_failed'],
      [{ userId, quizId: quiz.slug, answers: 'all of them' }, 400, 'validation_failed'],
      [{ userId, quizId: quiz.slug, answers: [1, 2] }, 400, 'validation_failed'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await submit(jar, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(res.json().error.code).toBe(code);
      expect(res.json().error.message.length).toBeGreaterThan(10);
    }
    expect(
      await t.database.db
        .selectFrom('quiz_attempts')
        .selectAll()
        .where('user_id', '=', userId)
        .execute(),
    ).toHaveLength(0);
  });

  it("answers 403 for another user's id, in the body or in the scores path", async () => {
    const a = await subscriber('Alice Alpha');
    const b = await subscriber('Bob Beta');
    const quiz = firstQuiz();
    const res = await submit(a.jar, {
      userId: b.userId,
      quizId: quiz.slug,
      answers: answers(quiz, 1),
    });
    expect(res.statusCode).toBe(403);
    const scores = await get(a.jar, `/api/user/${b.userId}/quiz-scores`);
    expect(scores.statusCode).toBe(403);
    expect(
      await t.database.db
        .selectFrom('quiz_attempts')
        .selectAll()
        .where('user_id', '=', b.userId)
        .execute(),
    ).toHaveLength(0);
  });

  it('refuses a submission from another site (origin check)', async () => {
    const { jar, userId } = await subscriber('Cross Site');
    const quiz = firstQuiz();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/submit-quiz',
      headers: { origin: 'https://evil.example', cookie: jar.header() },
      payload: { userId, quizId: quiz.slug, answers: answers(quiz, 1) },
    });
    expect(res.statusCode).toBe(403);
  });
});
