import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  browserHeaders,
  cookieJar,
  createTestApp,
  TEST_ORIGIN,
  testClock,
  type Jar,
  type TestApp,
} from '../../testing/test-app.ts';

const ORIGIN = TEST_ORIGIN;
const headers = (jar: Jar) => browserHeaders(jar);

let oidc: OAuth2Server;
let nonceOverride: string | null = null;

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  oidc.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    token.payload.email = 'grace@example.com';
    token.payload.name = 'Grace Hopper';
    token.payload.picture = 'https://lh3.googleusercontent.com/a/grace';
    if (nonceOverride && 'nonce' in token.payload) token.payload.nonce = nonceOverride;
  });
});
afterAll(async () => {
  await oidc.stop();
});

describe('Google sign-in against a real OIDC server', () => {
  let t: TestApp;
  const clock = testClock();
  beforeEach(() => clock.reset());
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        GOOGLE_CLIENT_ID: 'indent-web',
        GOOGLE_CLIENT_SECRET: 'shh',
        GOOGLE_ISSUER: oidc.issuer.url ?? '',
      },
      deps: { clock },
    });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    nonceOverride = null;
  });

  /** Posts the code and state back, as the /login page does. */
  function exchange(jar: ReturnType<typeof cookieJar>, code: string, state: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/exchange-code',
      headers: headers(jar),
      payload: { code, state },
    });
  }

  /** Starts a sign-in and follows the provider's redirect back to /login, like a browser. */
  async function authorize(jar: ReturnType<typeof cookieJar>, body: Record<string, string> = {}) {
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/start',
      headers: headers(jar),
      payload: body,
    });
    expect(start.statusCode).toBe(200);
    jar.store(start);
    const authUrl = new URL(start.json().url);
    expect(authUrl.origin).toBe(new URL(oidc.issuer.url ?? '').origin);
    expect(authUrl.searchParams.get('scope')).toBe('openid profile email');
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('nonce')).toBeTruthy();
    expect(authUrl.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/login`);
    const res = await fetch(authUrl, { redirect: 'manual' });
    const back = new URL(res.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`${ORIGIN}/login`);
    return {
      code: back.searchParams.get('code') ?? '',
      state: back.searchParams.get('state') ?? '',
    };
  }

  it('signs in end to end: discovery, authorize, code exchange with PKCE and nonce, session', async () => {
    const jar = cookieJar();
    const { code, state } = await authorize(jar, { returnTo: '/dashboard', action: 'subscribe' });
    const res = await exchange(jar, code, state);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      user: {
        googleId: 'johndoe',
        name: 'Grace Hopper',
        email: 'grace@example.com',
        picture: 'https://lh3.googleusercontent.com/a/grace',
      },
      returnTo: '/dashboard',
      action: 'subscribe',
    });
    expect(body.user.stripeSubscriptionId).toBeUndefined();
    const sessionCookie = res.cookies.find((c) => c.name === 'indent_session');
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    jar.store(res);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/johndoe',
      headers: headers(jar),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ _id: body.user._id, googleId: 'johndoe' });

    // The database keeps only the token's hash.
    const stored = await t.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(jar.get('indent_session'));
  });

  it('refuses a state that this browser did not start', async () => {
    const jar = cookieJar();
    const { code, state } = await authorize(jar);
    jar.set('indent_signin', 'someone-elses-state');
    const res = await exchange(jar, code, state);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_state');
  });

  it('refuses a replayed code', async () => {
    const jar = cookieJar();
    const { code, state } = await authorize(jar);
    const first = await exchange(jar, code, state);
    expect(first.statusCode).toBe(200);
    jar.set('indent_signin', state);
    const replay = await exchange(jar, code, state);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('bad_state');
  });

  it('refuses an ID token whose nonce does not match', async () => {
    const jar = cookieJar();
    const { code, state } = await authorize(jar);
    const sessionsBefore = await t.database.db.selectFrom('sessions').selectAll().execute();
    nonceOverride = 'not-the-nonce-we-sent';
    const res = await exchange(jar, code, state);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('sign_in_failed');
    expect(await t.database.db.selectFrom('sessions').selectAll().execute()).toHaveLength(
      sessionsBefore.length,
    );
    expect(res.cookies.find((c) => c.name === 'indent_session')).toBeUndefined();
  });

  it('refuses a sign-in attempt older than ten minutes', async () => {
    const jar = cookieJar();
    const { code, state } = await authorize(jar);
    clock.advance(11 * 60 * 1000);
    const res = await exchange(jar, code, state);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_state');
  });

  it('refuses return paths that leave the site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/start',
      headers: { origin: ORIGIN },
      payload: { returnTo: '//evil.example/steal' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
  });

  it('does not offer development sign-in when Google is configured', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev-login',
      headers: { origin: ORIGIN },
      payload: { state: 'x', name: 'Ada', email: 'ada@example.com' },
    });
    expect(res.statusCode).toBe(404);
  });
});
