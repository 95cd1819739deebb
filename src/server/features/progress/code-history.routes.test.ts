import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CODE_HISTORY_LIMIT } from '#shared/api/code-history.schema.ts';
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

const EXERCISE = 'm01-e1-first-words';

describe('code history', () => {
  let t: TestApp;
  const clock = testClock();
  beforeEach(() => clock.reset());
  let solution = '';
  beforeAll(async () => {
    t = await createTestApp({ deps: { clock } });
    const lesson = (await testContent()).lessons.get(1);
    solution = lesson?.exercises.find((e) => e.id === EXERCISE)?.solution ?? '';
  }, 30_000);
  afterAll(async () => {
    await t.close();
  });

  async function subscriber(name: string, email: string) {
    const { jar, user } = await signInWithDevLogin(t, name, email);
    await grantPaidAccess(t.database.db, user._id, clock.now());
    return { jar, userId: user._id };
  }
  const url = (userId: string, exerciseId = EXERCISE, versionId?: string) =>
    `/api/user/${userId}/code-history/${exerciseId}${versionId ? `/${versionId}` : ''}`;
  // A version is kept by a Check (exercise-check.routes.test.ts tests the Check itself).
  const check = (jar: Jar, code: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/exercise-progress/${EXERCISE}/checks`,
      headers: browserHeaders(jar),
      payload: { code, browserPassed: false },
    });
  const get = (jar: Jar | null, path: string) =>
    t.app.inject({ method: 'GET', url: path, headers: browserHeaders(jar) });

  it('answers 401 to a visitor, 403 without access and 403 for another learner', async () => {
    expect((await get(null, url('x'))).statusCode).toBe(401);
    const unpaid = await signInWithDevLogin(t, 'No Access', 'unpaid-history@example.com');
    expect((await get(unpaid.jar, url(unpaid.user._id))).statusCode).toBe(403);
    const a = await subscriber('Ann', 'ann-history@example.com');
    const b = await subscriber('Bob', 'bob-history@example.com');
    expect((await get(a.jar, url(b.userId))).statusCode).toBe(403);
    const version = (await check(b.jar, 'print(1)')).json().version.id;
    expect((await get(a.jar, url(b.userId, EXERCISE, version))).statusCode).toBe(403);
    // One version by a well-formed id (a malformed one is refused as 400 before anyone is asked).
    expect((await get(null, url(b.userId, EXERCISE, version))).statusCode).toBe(401);
    const unpaidVersion = await get(unpaid.jar, url(unpaid.user._id, EXERCISE, version));
    expect(unpaidVersion.statusCode).toBe(403);
    expect(unpaidVersion.json().error.code).toBe('no_access');
    // Under her own id, Ann cannot reach Bob's version either: it is not in her history.
    const mine = await get(a.jar, url(a.userId, EXERCISE, version));
    expect(mine.statusCode).toBe(404);
    expect(mine.json().error.message).toMatch(/your history/);
  });

  it('answers 400 and 404 with clear messages', async () => {
    const { jar, userId } = await subscriber('Bad', 'bad-history@example.com');
    const badId = await get(jar, url(userId, 'not-an-exercise'));
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.message).toMatch(/exercise id/);
    const badVersion = await get(jar, url(userId, EXERCISE, 'abc'));
    expect(badVersion.statusCode).toBe(400);
    expect((await get(jar, url(userId, 'm01-e9-no-such'))).statusCode).toBe(404);
  });

  it('keeps each Check, newest first, with the server verdict, and only the last 20', async () => {
    const { jar, userId } = await subscriber('Grace', 'grace-history@example.com');
    const first = await check(jar, 'print("v0")\nprint(2)');
    expect(first.statusCode).toBe(200);
    expect(first.json().version).toMatchObject({ passed: false, lineCount: 2 });
    for (let i = 1; i < CODE_HISTORY_LIMIT + 4; i++) {
      clock.advance(1000);
      expect((await check(jar, `print("v${i}")`)).statusCode).toBe(200);
    }
    clock.advance(1000);
    expect((await check(jar, solution)).json().passed).toBe(true);
    const list = (await get(jar, url(userId))).json().versions;
    expect(list).toHaveLength(CODE_HISTORY_LIMIT);
    expect(list[0]).toMatchObject({ passed: true, createdAt: clock.now().toISOString() });
    expect(list.slice(1).every((v: { passed: boolean }) => !v.passed)).toBe(true);
    expect(list.map((v: { createdAt: string }) => v.createdAt)).toEqual(
      [...list.map((v: { createdAt: string }) => v.createdAt)].sort().reverse(),
    );
    // The oldest five are gone, the first one among them.
    expect((await get(jar, url(userId, EXERCISE, first.json().version.id))).statusCode).toBe(404);
    const newest = await get(jar, url(userId, EXERCISE, list[0].id));
    expect(newest.json()).toMatchObject({ code: solution, passed: true });
    const oldestKept = await get(jar, url(userId, EXERCISE, list[CODE_HISTORY_LIMIT - 1].id));
    expect(oldestKept.json().code).toBe('print("v5")');
    // Another exercise has its own history.
    expect((await get(jar, url(userId, 'm03-e2-countdown'))).json()).toEqual({ versions: [] });
  });
});
