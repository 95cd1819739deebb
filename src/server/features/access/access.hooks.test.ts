import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  browserHeaders as headers,
  createTestApp,
  grantPaidAccess,
  insertPerson,
  signInWithDevLogin,
  testClock,
  testContent,
  type TestApp,
} from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { createSessions } from '../auth/sessions.ts';
import { createSessionsRepo } from '../auth/sessions.repo.ts';

let t: TestApp;
const clock = testClock();
beforeEach(() => clock.reset());

beforeAll(async () => {
  t = await createTestApp({ deps: { clock } });
});
afterAll(async () => {
  await t.close();
});

describe('replies that depend on who asks', () => {
  it('say Cache-Control: private, no-store, whatever their status', async () => {
    const { jar, user } = await signInWithDevLogin(t, 'Cache Tester', 'cache@example.com');
    await grantPaidAccess(t.database.db, user._id, clock.now());
    const urls = [
      `/api/user/${user.googleId}`,
      `/api/subscription/${user.googleId}`,
      `/api/user/${user._id}/quiz-scores`,
      '/api/quizzes',
      `/api/quiz-by-title/${encodeURIComponent((await testContent()).quizList[0]?.title ?? '')}`,
      '/api/progress',
      '/api/exercise-progress',
      '/api/lessons/module1',
      '/api/certificates/me',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url, headers: headers(jar) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      // A visitor's 401 depends on who asks too.
      const anonymous = await t.app.inject({ method: 'GET', url, headers: headers(null) });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.headers['cache-control'], url).toBe('private, no-store');
    }
  });
});

describe('the OpenAPI document', () => {
  it('shows the session cookie on every protected route, and on no public one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
      paths: Record<string, Record<string, { security?: unknown }>>;
    }>();
    expect(doc.components.securitySchemes.sessionCookie).toEqual({
      type: 'apiKey',
      in: 'cookie',
      name: 'indent_session',
    });
    const secured = (path: string, method: string) => doc.paths[path]?.[method]?.security ?? 'none';
    for (const [path, method] of [
      ['/api/user/{googleId}', 'get'],
      ['/api/subscription/{googleId}', 'get'],
      ['/api/quizzes', 'get'],
      ['/api/quiz-by-title/{title}', 'get'],
      ['/api/submit-quiz', 'post'],
      ['/api/user/{userId}/quiz-scores', 'get'],
      ['/api/user/{userId}/quiz-progress/{quizId}', 'get'],
      ['/api/user/{userId}/quiz-progress/{quizId}', 'put'],
      ['/api/user/{userId}/quiz-progress/{quizId}', 'delete'],
      ['/api/lessons/{module}', 'get'],
      ['/api/progress', 'get'],
      ['/api/exercise-progress', 'get'],
      ['/api/exercise-progress/{exerciseId}', 'put'],
      ['/create-checkout-session', 'post'],
      ['/api/order/success', 'get'],
      ['/api/demo-checkout/{id}', 'get'],
      ['/api/certificates/me', 'get'],
      ['/api/certificates', 'post'],
      ['/api/certificates/{id}/withdraw', 'post'],
    ] as const) {
      expect(secured(path, method), `${method} ${path}`).toEqual([{ sessionCookie: [] }]);
    }
    for (const [path, method] of [
      ['/api/modules', 'get'],
      ['/api/health', 'get'],
      ['/api/auth/start', 'post'],
      ['/api/exchange-code', 'post'],
      ['/api/stripe/webhook', 'post'],
      ['/api/certificates/{id}', 'get'],
    ] as const) {
      expect(secured(path, method), `${method} ${path}`).toBe('none');
    }
  });
});

describe('logout racing requests that are still reading the session', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('is final on this instance: a read that began before the logout is not remembered after it', async () => {
    const repo = createSessionsRepo(database.db);
    // The repo is the real one; only its read is held back, to land after the logout commits.
    let releaseRead: () => void = () => undefined;
    const heldRead = new Promise<void>((resolve) => (releaseRead = resolve));
    let holdNextRead = false;
    const sessions = createSessions({
      clock,
      secureCookies: false,
      repo: {
        ...repo,
        async findLive(tokenHash, now) {
          const found = await repo.findLive(tokenHash, now);
          if (holdNextRead) {
            holdNextRead = false;
            await heldRead;
          }
          return found;
        },
      },
    });
    const user = await insertPerson(database.db, {
      id: 'race-user',
      googleId: 'race-google',
      email: 'race@example.com',
      name: 'Race',
      at: clock.now(),
    });
    const cookies = new Map<string, string>();
    const reply = {
      setCookie: (name: string, value: string) => cookies.set(name, value),
      clearCookie: (name: string) => cookies.delete(name),
    };
    type Reply = Parameters<typeof sessions.create>[0];
    type Request = Parameters<typeof sessions.resolve>[0];
    await sessions.create(reply as unknown as Reply, user, 'test');
    const request = { cookies: Object.fromEntries(cookies) } as unknown as Request;

    holdNextRead = true;
    const inFlight = sessions.resolve(request, reply as unknown as Reply);
    await sessions.destroy(request, reply as unknown as Reply);
    releaseRead();
    // The in-flight request read the row before the logout, so it may still be answered...
    expect((await inFlight)?.user.id).toBe('race-user');
    // ...but the old cookie is refused from now on, on the same clock tick.
    expect(await sessions.resolve(request, reply as unknown as Reply)).toBeUndefined();
  });
});
