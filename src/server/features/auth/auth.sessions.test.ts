import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../platform/clock.ts';
import {
  browserHeaders,
  cookieJar,
  createTestApp,
  TEST_ORIGIN,
  testClock,
  type Jar,
  type TestApp,
} from '../../testing/test-app.ts';
import { devSubject } from './dev.identity.ts';

const ORIGIN = TEST_ORIGIN;
const headers = (jar: Jar) => browserHeaders(jar);

describe('sessions and the user endpoint (development sign-in)', () => {
  let t: TestApp;
  const clock = testClock();
  beforeEach(() => clock.reset());
  beforeAll(async () => {
    t = await createTestApp({ deps: { clock } });
  });
  afterAll(async () => {
    await t.close();
  });

  async function signIn(name: string, email: string) {
    const jar = cookieJar();
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/start',
      headers: headers(jar),
      payload: { returnTo: '/pricing' },
    });
    jar.store(start);
    const url = new URL(start.json().url, ORIGIN);
    expect(url.pathname).toBe('/dev-login');
    const state = url.searchParams.get('state') ?? '';
    const consent = await t.app.inject({
      method: 'POST',
      url: '/api/dev-login',
      headers: headers(jar),
      payload: { state, name, email },
    });
    expect(consent.statusCode).toBe(200);
    const back = new URL(consent.json().redirect, ORIGIN);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/exchange-code',
      headers: headers(jar),
      payload: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    });
    expect(res.statusCode).toBe(200);
    jar.store(res);
    return { jar, user: res.json().user as { _id: string; googleId: string; name: string } };
  }

  it('goes through the same code exchange and keeps one user per e-mail', async () => {
    const first = await signIn('Ada Lovelace', 'ada@example.com');
    expect(first.user).toMatchObject({
      name: 'Ada Lovelace',
      googleId: devSubject('ada@example.com'),
    });
    const again = await signIn('Ada King', 'ADA@example.com');
    expect(again.user._id).toBe(first.user._id);
    expect(again.user.name).toBe('Ada King');
  });

  it('answers 401 without a session, and for a forged or expired cookie', async () => {
    const { user } = await signIn('Alan Turing', 'alan@example.com');
    const none = await t.app.inject({ method: 'GET', url: `/api/user/${user.googleId}` });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('unauthorized');

    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/user/${user.googleId}`,
      headers: { cookie: 'indent_session=forged-token-value' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.cookies.find((c) => c.name === 'indent_session')?.value).toBe('');
  });

  it('expires sessions after 30 days without use, and slides them forward when used', async () => {
    const { jar, user } = await signIn('Katherine Johnson', 'kj@example.com');
    clock.advance(20 * DAY_MS);
    const used = await t.app.inject({
      method: 'GET',
      url: `/api/user/${user.googleId}`,
      headers: headers(jar),
    });
    expect(used.statusCode).toBe(200);
    const renewed = used.cookies.find((c) => c.name === 'indent_session');
    expect(renewed?.expires?.getTime()).toBe(clock.now().getTime() + 30 * DAY_MS);

    clock.advance(29 * DAY_MS);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/user/${user.googleId}`,
          headers: headers(jar),
        })
      ).statusCode,
    ).toBe(200);
    clock.advance(31 * DAY_MS);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/user/${user.googleId}`,
          headers: headers(jar),
        })
      ).statusCode,
    ).toBe(401);
  });

  it("answers 403 for another user's googleId", async () => {
    const a = await signIn('Mary Jackson', 'mary@example.com');
    const b = await signIn('Dorothy Vaughan', 'dorothy@example.com');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/user/${b.user.googleId}`,
      headers: headers(a.jar),
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('dorothy@example.com');
  });

  it('logout ends the session on the server, not just in the browser', async () => {
    const { jar, user } = await signIn('Hedy Lamarr', 'hedy@example.com');
    const oldCookie = jar.header();
    // Used once first, so the server has just confirmed (and remembers) this session.
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/user/${user.googleId}`,
      headers: { cookie: oldCookie },
    });
    expect(before.statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: headers(jar) });
    expect(out.statusCode).toBe(200);
    const replay = await t.app.inject({
      method: 'GET',
      url: `/api/user/${user.googleId}`,
      headers: { cookie: oldCookie },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('refuses state-changing requests from another origin', async () => {
    const { jar } = await signIn('Radia Perlman', 'radia@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { origin: 'https://evil.example', cookie: jar.header() },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('bad_origin');
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { 'sec-fetch-site': 'cross-site', cookie: jar.header() },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('starts sign-in from a plain HTML form post with a redirect to the provider', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/start',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'returnTo=%2Fdashboard&action=subscribe',
    });
    expect(res.statusCode).toBe(303);
    const location = new URL(String(res.headers.location), ORIGIN);
    expect(location.pathname).toBe('/dev-login');
    const state = location.searchParams.get('state');
    expect(res.cookies.find((c) => c.name === 'indent_signin')?.value).toBe(state);
    const stored = await t.database.db
      .selectFrom('auth_requests')
      .select(['return_to', 'action'])
      .where('state', '=', state ?? '')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ return_to: '/dashboard', action: 'subscribe' });

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/start',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'returnTo=%2F%2Fevil.example',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('validates the development sign-in form', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev-login',
      headers: { origin: ORIGIN },
      payload: { state: 'whatever', name: 'Ada', email: 'not-an-email' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('e-mail');
  });

  it('rate limits the sign-in endpoints', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/start',
        headers: { origin: ORIGIN },
        payload: {},
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toContain(429);
    const limited = await t.app.inject({
      method: 'POST',
      url: '/api/auth/start',
      headers: { origin: ORIGIN },
      payload: {},
    });
    expect(limited.json().error.code).toBe('rate_limited');
  });
});
