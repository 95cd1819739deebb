import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GradableQuiz } from '../../content/course-content.ts';
import {
  browserHeaders,
  createTestApp,
  grantPaidAccess,
  signInWithDevLogin,
  testClock,
  testContent,
  type TestApp,
} from '../../testing/test-app.ts';

/*
 * Issue 30: what follows a graded quiz (the review queue, the weekly rhythm) cannot cost the learner
 * a submission that was stored. Here the review feature really fails: its table is gone.
 */

const content = await testContent();
const quiz = content.quizzes.get(content.quizList[0]?._id ?? '') as GradableQuiz;
const wrong = (i: number) =>
  quiz.questions[i]?.answers.find((_, a) => a !== quiz.questions[i]?.correct) ?? '';

describe('followers of a graded quiz', () => {
  let t: TestApp;
  const logged: { level: number; msg: string; follower?: string }[] = [];
  const clock = testClock();
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(JSON.parse(chunk.toString()) as (typeof logged)[number]);
        done();
      },
    });
    t = await createTestApp({ deps: { clock, logger: { level: 'warn', stream } } });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => clock.reset());

  it('a failing review still gives the learner their score, and stores the attempt once', async () => {
    const { jar, user } = await signInWithDevLogin(
      t,
      'Grace Follower',
      'grace-follower@example.com',
    );
    await grantPaidAccess(t.database.db, user._id, clock.now());
    await t.database.db.schema.dropTable('review_items').execute();

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/submit-quiz',
      headers: browserHeaders(jar),
      payload: {
        userId: user._id,
        quizId: quiz.slug,
        answers: quiz.questions.map((_, i) => wrong(i)),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ score: number }>().score).toBe(0);

    const attempts = await t.database.db
      .selectFrom('quiz_attempts')
      .select('quiz_id')
      .where('user_id', '=', user._id)
      .execute();
    expect(attempts).toEqual([{ quiz_id: quiz.slug }]);
    // Tried twice, then reported; the rhythm, after it, still counted the day.
    expect(logged.filter((l) => l.follower === 'review').map((l) => l.msg)).toEqual([
      'quiz follower failed; trying once more',
      'quiz follower failed twice: the attempt is stored, what this follower does for it is not',
    ]);
    const days = await t.database.db
      .selectFrom('study_days')
      .select('user_id')
      .where('user_id', '=', user._id)
      .execute();
    expect(days).toHaveLength(1);
  });
});
