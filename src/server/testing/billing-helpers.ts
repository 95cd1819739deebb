import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import Stripe from 'stripe';
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

/** Only its webhook signer is used: no request leaves the test. */
const signer = new Stripe('sk_test_indent_signer');

/** A Stripe event of `type` about `object`, as Stripe's body would carry it, with a new id. */
export function stripeEvent(type: string, object: unknown): string {
  return JSON.stringify({
    id: `evt_${randomUUID()}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    type,
    data: { object },
  });
}

/** Posts `payload` to the webhook endpoint, signed with `secret` as Stripe signs it. */
export function deliverSigned(t: TestApp, payload: string, secret: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}
