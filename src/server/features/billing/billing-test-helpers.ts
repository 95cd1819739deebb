import { Writable } from 'node:stream';
import { expect } from 'vitest';
import { cookieJar, type TestApp } from '../../test-app.ts';

export const ORIGIN = 'http://localhost:3000';
export type Jar = ReturnType<typeof cookieJar>;
export const headers = (jar: Jar) => ({ origin: ORIGIN, cookie: jar.header() });

export interface TestUser {
  _id: string;
  googleId: string;
  name: string;
  stripeSubscriptionId?: string;
}

/** Signs in through the development identity driver, exactly as the browser does. */
let signIns = 0;
export async function signIn(t: TestApp, name: string, email: string) {
  const jar = cookieJar();
  // Each learner signs in from their own address, as in life (sign-in is rate limited per address).
  signIns += 1;
  const remoteAddress = `10.0.${Math.floor(signIns / 250)}.${signIns % 250}`;
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/auth/start',
    remoteAddress,
    headers: headers(jar),
    payload: {},
  });
  jar.store(start);
  const state = new URL(start.json<{ url: string }>().url, ORIGIN).searchParams.get('state') ?? '';
  const consent = await t.app.inject({
    method: 'POST',
    url: '/api/dev-login',
    remoteAddress,
    headers: headers(jar),
    payload: { state, name, email },
  });
  const back = new URL(consent.json<{ redirect: string }>().redirect, ORIGIN);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/exchange-code',
    remoteAddress,
    headers: headers(jar),
    payload: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
  });
  expect(res.statusCode).toBe(200);
  jar.store(res);
  return { jar, user: res.json<{ user: TestUser }>().user };
}

/** The signed-in user as the server sees them now. */
export async function me(t: TestApp, who: { jar: Jar; user: TestUser }): Promise<TestUser> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/user/${who.user.googleId}`,
    headers: headers(who.jar),
  });
  expect(res.statusCode).toBe(200);
  return res.json<TestUser>();
}

/** The app's real log lines, collected so tests can count audit entries such as 'access granted'. */
export function logCollector() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return {
    logger: { level: 'info', stream },
    lines,
    count: (msg: string, match: Record<string, unknown> = {}) =>
      lines.filter((l) => l.msg === msg && Object.entries(match).every(([k, v]) => l[k] === v))
        .length,
  };
}
