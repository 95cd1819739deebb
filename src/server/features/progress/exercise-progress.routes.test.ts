import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_SAVED_CODE_CHARS } from '#shared/api/exercise-progress.schema.ts';
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
import { MAX_TRACKED_EXERCISES } from './exercise-progress.service.ts';

const headers = (jar: Jar) => browserHeaders(jar);

describe('exercise progress', () => {
  let t: TestApp;
  const clock = testClock();
  beforeEach(() => clock.reset());
  // Only a Check solves an exercise, and the server runs it: these tests check the course's solutions.
  const solutions = new Map<string, string>();
  beforeAll(async () => {
    t = await createTestApp({ deps: { clock } });
    for (const lesson of (await testContent()).lessons.values()) {
      for (const exercise of lesson.exercises) solutions.set(exercise.id, exercise.solution);
    }
  }, 30_000);
  const solution = (id: string) => solutions.get(id) ?? '';
  afterAll(async () => {
    await t.close();
  });

  async function signIn(name: string, email: string): Promise<{ jar: Jar; userId: string }> {
    const { jar, user } = await signInWithDevLogin(t, name, email);
    return { jar, userId: user._id };
  }

  async function grantAccess(userId: string) {
    await grantPaidAccess(t.database.db, userId, clock.now());
  }

  async function subscriber(name: string, email: string) {
    const signedIn = await signIn(name, email);
    await grantAccess(signedIn.userId);
    return signedIn;
  }

  const put = (jar: Jar | null, id: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/exercise-progress/${id}`,
      headers: browserHeaders(jar),
      payload: payload as Record<string, unknown>,
    });
  const check = (jar: Jar, id: string, code: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/exercise-progress/${id}/checks`,
      headers: browserHeaders(jar),
      payload: { code, browserPassed: true },
    });
  const get = (jar: Jar | null, url = '/api/exercise-progress') =>
    t.app.inject({ method: 'GET', url, headers: jar ? headers(jar) : {} });

  it('answers 401 without a session', async () => {
    expect((await get(null)).statusCode).toBe(401);
    const res = await put(null, 'm01-e1-first-words', { code: 'print(1)' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it('answers 403 to a signed-in user without course access', async () => {
    const { jar } = await signIn('No Access', 'none@example.com');
    const res = await put(jar, 'm01-e1-first-words', { code: 'print(1)' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('no_access');
    expect((await get(jar)).statusCode).toBe(403);
  });

  it('saves the latest code, keeps an exercise solved, and restores it', async () => {
    const { jar } = await subscriber('Ada Lovelace', 'ada@example.com');
    expect((await get(jar)).json()).toEqual({ exercises: [] });

    const first = await put(jar, 'm01-e1-first-words', { code: 'print("hello")' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      exerciseId: 'm01-e1-first-words',
      code: 'print("hello")',
      solved: false,
      solvedAt: null,
    });

    clock.advance(60_000);
    const solvedAt = clock.now().toISOString();
    const code = solution('m01-e1-first-words');
    // A draft never solves, whatever it claims; a passing Check does.
    const claimed = await put(jar, 'm01-e1-first-words', { code, solved: true });
    expect(claimed.json()).toMatchObject({ code, solved: false, solvedAt: null });
    const solved = await check(jar, 'm01-e1-first-words', code);
    expect(solved.json().progress).toMatchObject({ code, solved: true, solvedAt });

    clock.advance(60_000);
    // Editing after solving keeps the exercise solved, with the time it was first solved.
    const edited = await put(jar, 'm01-e1-first-words', { code: 'print("hi!")', solved: false });
    expect(edited.json()).toMatchObject({
      code: 'print("hi!")',
      solved: true,
      solvedAt,
      updatedAt: clock.now().toISOString(),
    });

    await check(jar, 'm03-e2-countdown', solution('m03-e2-countdown'));
    await put(jar, 'm03-e1-ticket-price', { code: '' });
    const all = (await get(jar)).json();
    expect(all.exercises.map((e: { exerciseId: string }) => e.exerciseId)).toEqual([
      'm01-e1-first-words',
      'm03-e1-ticket-price',
      'm03-e2-countdown',
    ]);
    const m3 = (await get(jar, '/api/exercise-progress?module=3')).json();
    expect(m3.exercises).toHaveLength(2);
    expect(m3.exercises.filter((e: { solved: boolean }) => e.solved)).toHaveLength(1);
  });

  it("keeps each learner's work to themselves", async () => {
    const grace = await subscriber('Grace Hopper', 'grace@example.com');
    const alan = await subscriber('Alan Turing', 'alan@example.com');
    const graceCode = solution('m02-e1-gym-minutes');
    await check(grace.jar, 'm02-e1-gym-minutes', graceCode);
    await put(alan.jar, 'm02-e1-gym-minutes', { code: 'alan = 2' });

    const graces = (await get(grace.jar)).json().exercises;
    expect(graces).toHaveLength(1);
    expect(graces[0]).toMatchObject({ code: graceCode, solved: true });
    const alans = (await get(alan.jar)).json().exercises;
    expect(alans).toHaveLength(1);
    expect(alans[0]).toMatchObject({ code: 'alan = 2', solved: false });
  });

  it('rejects bad input with 400 and oversized code with 413', async () => {
    const { jar } = await subscriber('Katherine Johnson', 'kj@example.com');
    const badId = await put(jar, 'not-an-exercise', { code: 'x' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.message).toContain('exercise id');

    const unknown = await put(jar, 'm01-e9-not-in-the-course', { code: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toContain('no exercise "m01-e9-not-in-the-course"');

    const noCode = await put(jar, 'm01-e1-first-words', {});
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error.code).toBe('validation_failed');

    const wrongType = await put(jar, 'm01-e1-first-words', { code: 42 });
    expect(wrongType.statusCode).toBe(400);

    const badModule = await get(jar, '/api/exercise-progress?module=99');
    expect(badModule.statusCode).toBe(400);

    const tooLong = await put(jar, 'm01-e1-first-words', {
      code: 'x'.repeat(MAX_SAVED_CODE_CHARS + 1),
    });
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json().error).toMatchObject({ code: 'payload_too_large' });
    expect(tooLong.json().error.message).toContain('at most 20,000');

    const justRight = await put(jar, 'm01-e1-first-words', {
      code: 'x'.repeat(MAX_SAVED_CODE_CHARS),
    });
    expect(justRight.statusCode).toBe(200);
  });

  it('caps how many exercises one learner can store', async () => {
    const { jar, userId } = await subscriber('Mary Jackson', 'mary@example.com');
    const now = clock.now().toISOString();
    await t.database.db
      .insertInto('exercise_progress')
      .values(
        Array.from({ length: MAX_TRACKED_EXERCISES }, (_, i) => ({
          user_id: userId,
          // Rows for made-up ids, as an older course version or a bad client could have left.
          exercise_id: i === 0 ? 'm01-e1-first-words' : `m01-e${i}-filler`,
          code: '',
          solved_at: null,
          updated_at: now,
        })),
      )
      .execute();
    const more = await put(jar, 'm02-e4-name-badge', { code: 'x' });
    expect(more.statusCode).toBe(413);
    // Work on an exercise already stored can still be saved.
    expect((await put(jar, 'm01-e1-first-words', { code: 'y' })).statusCode).toBe(200);
  });
});
