import { Writable } from 'node:stream';
import { expect } from 'vitest';
import {
  browserHeaders,
  signInWithDevLogin,
  TEST_ORIGIN,
  type Jar,
  type TestApp,
  type TestUser,
} from './test-app.ts';

export const ORIGIN = TEST_ORIGIN;
export type { Jar };
export const headers = (jar: Jar) => browserHeaders(jar);

export type { TestUser };

/** Signs in through the development identity driver, exactly as the browser does. */
export function signIn(t: TestApp, name: string, email: string) {
  return signInWithDevLogin(t, name, email);
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
