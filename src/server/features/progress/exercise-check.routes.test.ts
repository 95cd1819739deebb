import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserHeaders,
  createTestApp,
  grantPaidAccess,
  signInWithDevLogin,
  testContent,
  type Jar,
  type TestApp,
} from '../../testing/test-app.ts';

/*
 * Issue 30: one request per Check. The server runs the check itself and stores the code, the solved
 * state and the version with its own verdict together; the browser's verdict decides nothing.
 */

const EXERCISE = 'm01-e1-first-words';

describe('POST /api/exercise-progress/:exerciseId/checks', () => {
  let t: TestApp;
  let jar: Jar;
  let userId: string;
  let solution = '';

  beforeAll(async () => {
    t = await createTestApp({
      env: { PYTHON_CHECK_WORKERS: '1', PYTHON_CHECK_TIMEOUT_MS: '3000' },
    });
    for (const lesson of (await testContent()).lessons.values()) {
      const found = lesson.exercises.find((e) => e.id === EXERCISE);
      if (found) solution = found.solution;
    }
    const signedIn = await signInWithDevLogin(t, 'One Check', 'one-check@example.com');
    jar = signedIn.jar;
    userId = signedIn.user._id;
    await grantPaidAccess(t.database.db, userId, new Date());
  }, 30_000);
  afterAll(async () => {
    await t.close();
  });

  const check = (who: Jar | null, id: string, code: string, browserPassed = true) =>
    t.app.inject({
      method: 'POST',
      url: `/api/exercise-progress/${id}/checks`,
      headers: browserHeaders(who),
      payload: { code, browserPassed },
    });
  const progress = () =>
    t.database.db
      .selectFrom('exercise_progress')
      .selectAll()
      .where('user_id', '=', userId)
      .where('exercise_id', '=', EXERCISE)
      .executeTakeFirst();
  const versions = () =>
    t.database.db
      .selectFrom('code_history')
      .select(['code', 'passed'])
      .where('user_id', '=', userId)
      .where('exercise_id', '=', EXERCISE)
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  it('answers 401 to a visitor and 403 without access, and stores nothing', async () => {
    expect((await check(null, EXERCISE, solution)).statusCode).toBe(401);
    const unpaid = await signInWithDevLogin(t, 'No Access', 'no-access-check@example.com');
    const res = await check(unpaid.jar, EXERCISE, solution);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('no_access');
    const stored = await t.database.db
      .selectFrom('code_history')
      .select('id')
      .where('user_id', '=', unpaid.user._id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('answers 400, 404 and 413 with clear messages', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/exercise-progress/${EXERCISE}/checks`,
      headers: browserHeaders(jar),
      payload: { code: 'print(1)' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('browserPassed');
    expect((await check(jar, 'm01-e9-no-such-thing', 'x')).statusCode).toBe(404);
    const long = await check(jar, EXERCISE, 'x'.repeat(20_001));
    expect(long.statusCode).toBe(413);
    expect(long.json().error.message).toContain('20,000');
  });

  it('keeps a failing Check with the server’s verdict, whatever the browser said', async () => {
    const res = await check(jar, EXERCISE, 'print("not what it asks")', true);
    expect(res.statusCode).toBe(200);
    const reply = res.json();
    expect(reply.passed).toBe(false);
    expect(reply.message).not.toBe('');
    expect(reply.progress).toMatchObject({ code: 'print("not what it asks")', solved: false });
    expect(reply.version).toMatchObject({ passed: false, lineCount: 1 });
    expect(await versions()).toEqual([{ code: 'print("not what it asks")', passed: 0 }]);
    expect((await progress())?.verified_at).toBeNull();
  });

  it('stores a passing Check as solved and verified, with its version and a study day', async () => {
    const res = await check(jar, EXERCISE, solution, false);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ passed: true, progress: { solved: true, code: solution } });
    const saved = await progress();
    expect(saved?.verified_at).not.toBeNull();
    expect((await versions()).map((v) => Number(v.passed))).toEqual([0, 1]);
    const days = await t.database.db
      .selectFrom('study_days')
      .select('user_id')
      .where('user_id', '=', userId)
      .execute();
    expect(days.length).toBeGreaterThan(0);
  });

  it('never unsolves: a later failing Check keeps the exercise solved and its first time', async () => {
    const before = await progress();
    const res = await check(jar, EXERCISE, 'print("broken again")', false);
    expect(res.json()).toMatchObject({ passed: false, progress: { solved: true } });
    const after = await progress();
    expect(after?.solved_at).toBe(before?.solved_at);
    expect(after?.verified_at).toBe(before?.verified_at);
    expect(after?.code).toBe('print("broken again")');
  });
});
