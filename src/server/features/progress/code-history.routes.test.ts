import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CODE_HISTORY_LIMIT } from '#shared/api/code-history.schema.ts';
import { MAX_SAVED_CODE_CHARS } from '#shared/api/exercise-progress.schema.ts';
import {
  browserHeaders,
  createTestApp,
  grantPaidAccess,
  signInWithDevLogin,
  testClock,
  type Jar,
  type TestApp,
} from '../../testing/test-app.ts';

const EXERCISE = 'm01-e1-first-words';

describe('code history', () => {
  let t: TestApp;
  const clock = testClock();
  beforeEach(() => clock.reset());
  beforeAll(async () => {
    t = await createTestApp({ deps: { clock } });
  });
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
  const record = (
    jar: Jar | null,
    userId: string,
    payload: Record<string, unknown>,
    id = EXERCISE,
  ) =>
    t.app.inject({ method: 'POST', url: url(userId, id), headers: browserHeaders(jar), payload });
  const get = (jar: Jar | null, path: string) =>
    t.app.inject({ method: 'GET', url: path, headers: browserHeaders(jar) });

  it('answers 401 to a visitor, 403 without access and 403 for another learner', async () => {
    const body = { code: 'print(1)', passed: false };
    expect((await record(null, 'x', body)).statusCode).toBe(401);
    expect((await get(null, url('x'))).statusCode).toBe(401);
    const unpaid = await signInWithDevLogin(t, 'No Access', 'unpaid-history@example.com');
    expect((await record(unpaid.jar, unpaid.user._id, body)).statusCode).toBe(403);
    expect((await get(unpaid.jar, url(unpaid.user._id))).statusCode).toBe(403);
    const a = await subscriber('Ann', 'ann-history@example.com');
    const b = await subscriber('Bob', 'bob-history@example.com');
    expect((await record(a.jar, b.userId, body)).statusCode).toBe(403);
    expect((await get(a.jar, url(b.userId))).statusCode).toBe(403);
    const version = (await record(b.jar, b.userId, body)).json().id;
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

  it('answers 400, 404 and 413 with clear messages', async () => {
    const { jar, userId } = await subscriber('Bad', 'bad-history@example.com');
    const noPassed = await record(jar, userId, { code: 'x' });
    expect(noPassed.statusCode).toBe(400);
    expect(noPassed.json().error.message).toMatch(/passed/);
    const badId = await get(jar, url(userId, 'not-an-exercise'));
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.message).toMatch(/exercise id/);
    const badVersion = await get(jar, url(userId, EXERCISE, 'abc'));
    expect(badVersion.statusCode).toBe(400);
    expect((await get(jar, url(userId, 'm01-e9-no-such'))).statusCode).toBe(404);
    const long = await record(jar, userId, {
      code: 'x'.repeat(MAX_SAVED_CODE_CHARS + 1),
      passed: false,
    });
    expect(long.statusCode).toBe(413);
  });

  it('keeps each Check, newest first, shows one, and keeps only the last 20', async () => {
    const { jar, userId } = await subscriber('Grace', 'grace-history@example.com');
    const first = await record(jar, userId, { code: 'print("v0")\nprint(2)', passed: false });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ passed: false, lineCount: 2 });
    for (let i = 1; i < CODE_HISTORY_LIMIT + 5; i++) {
      clock.advance(1000);
      const res = await record(jar, userId, { code: `print("v${i}")`, passed: i % 2 === 0 });
      expect(res.statusCode).toBe(200);
    }
    const list = (await get(jar, url(userId))).json().versions;
    expect(list).toHaveLength(CODE_HISTORY_LIMIT);
    expect(list[0]).toMatchObject({ passed: true, createdAt: clock.now().toISOString() });
    expect(list.map((v: { createdAt: string }) => v.createdAt)).toEqual(
      [...list.map((v: { createdAt: string }) => v.createdAt)].sort().reverse(),
    );
    // The oldest five are gone, the first one among them.
    expect((await get(jar, url(userId, EXERCISE, first.json().id))).statusCode).toBe(404);
    const newest = await get(jar, url(userId, EXERCISE, list[0].id));
    expect(newest.json()).toMatchObject({
      code: `print("v${CODE_HISTORY_LIMIT + 4}")`,
      passed: true,
    });
    const oldestKept = await get(jar, url(userId, EXERCISE, list[CODE_HISTORY_LIMIT - 1].id));
    expect(oldestKept.json().code).toBe('print("v5")');
    // Another exercise has its own history.
    expect((await get(jar, url(userId, 'm03-e2-countdown'))).json()).toEqual({ versions: [] });
  });
});
