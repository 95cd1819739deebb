import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { headers, ORIGIN, signIn, type Jar } from '../../testing/billing-helpers.ts';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink.ts';
import { startStripeStandIn, type StripeStandIn } from '../../testing/stripe-stand-in.ts';
import { createTestApp, testClock, type TestApp } from '../../testing/test-app.ts';
import { createStripePayments } from '../billing/stripe.payments.ts';
import { createSmtpTransport } from './mail.transport.ts';

/*
 * The receipt through the whole app: the grant queues it in its own transaction and the app's own
 * sender delivers it to a real SMTP server on loopback. The development driver's page is checked on
 * a second app without SMTP settings.
 */

const SECRET_KEY = 'sk_test_indent_standin';
const WEBHOOK_SECRET = 'whsec_indent_test_secret';
const signer = new Stripe(SECRET_KEY);
const clock = testClock();
beforeEach(() => clock.reset());

let standIn: StripeStandIn;
let sink: SmtpSink;
let stripeApp: TestApp;
let devApp: TestApp;

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
  sink = await startSmtpSink();
  stripeApp = await createTestApp({
    env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    deps: {
      clock,
      payments: createStripePayments({
        secretKey: SECRET_KEY,
        webhookSecret: WEBHOOK_SECRET,
        api: standIn.api,
      }),
      mailTransport: createSmtpTransport({ host: '127.0.0.1', port: sink.port }),
    },
  });
  // No Stripe keys and no SMTP settings: the demo checkout and the development mail folder.
  devApp = await createTestApp({ deps: { clock } });
});
afterAll(async () => {
  await stripeApp?.close();
  await devApp?.close();
  await standIn?.close();
  await sink?.close();
});

/** Waits for the app's sender (every two seconds) to get somewhere. */
async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let eventCount = 0;
function completedEvent(session: unknown) {
  eventCount += 1;
  return JSON.stringify({
    id: `evt_mail_${eventCount}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    type: 'checkout.session.completed',
    data: { object: session },
  });
}

function deliver(payload: string) {
  return stripeApp.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signer.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
      }),
    },
    payload,
  });
}

async function checkout(t: TestApp, jar: Jar, googleId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/create-checkout-session',
    headers: headers(jar),
    payload: { googleId },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ id: string }>().id;
}

describe('receipt and welcome mail', () => {
  it('one mail per paid order under ten replayed webhooks and twenty concurrent success look-ups', async () => {
    const who = await signIn(stripeApp, 'Grace Hopper', 'grace@example.com');
    const id = await checkout(stripeApp, who.jar, who.user.googleId);
    const session = standIn.pay(id);
    const payload = completedEvent(session);
    const lookUp = () =>
      stripeApp.app.inject({
        method: 'GET',
        url: `/api/order/success?session_id=${id}`,
        headers: headers(who.jar),
      });
    const replies = await Promise.all([
      ...Array.from({ length: 10 }, () => deliver(payload)),
      ...Array.from({ length: 20 }, lookUp),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    // Redelivered again later, after the first ones committed.
    for (let i = 0; i < 3; i += 1) expect((await deliver(payload)).statusCode).toBe(200);

    const db = stripeApp.database.db;
    const order = await db
      .selectFrom('orders')
      .selectAll()
      .where('provider_session_id', '=', id)
      .executeTakeFirstOrThrow();
    const sent = await until(async () => {
      const row = await db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('user_id', '=', who.user._id)
        .where('status', '=', 'sent')
        .executeTakeFirst();
      return row;
    }, 'the receipt to be sent');
    const rows = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('user_id', '=', who.user._id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(sent).toMatchObject({ kind: 'receipt', to_address: 'grace@example.com', attempts: 1 });
    expect(sent.text_body).toContain('Hello Grace,');
    expect(sent.text_body).toContain(
      'Bought: The Ultimate Learn to Code Curriculum, 1 year of access (no automatic renewal)',
    );
    expect(sent.text_body).toContain('Amount paid: $489.00');
    expect(sent.text_body).toContain(`Order reference: ${order.id}`);
    expect(sent.text_body).toContain('Access ends: March 1, 2027 (UTC)');
    expect(sent.text_body).toContain(`Go to your dashboard: ${ORIGIN}/dashboard`);
    expect(sent.html_body).toContain(`<a href="${ORIGIN}/dashboard"`);
    expect(sent.html_body).not.toContain('<img');

    const received = sink.received.filter((m) => m.to.includes('grace@example.com'));
    expect(received).toHaveLength(1);
    expect(received[0]?.subject).toBe('Your receipt and welcome to Indent');
    expect(received[0]?.messageId).toBe(`<${sent.id}@localhost>`);
    expect(received[0]?.raw).toContain('multipart/alternative');
  });
});

describe('development mail page API (GET /api/dev-mail, /api/dev-mail/:id)', () => {
  it('lists the signed-in person’s own mail: 401, 400, 404, 403 and the receipt', async () => {
    const buyer = await signIn(devApp, 'Alan Turing', 'alan@example.com');
    const other = await signIn(devApp, 'Someone Else', 'else@example.com');
    const id = await checkout(devApp, buyer.jar, buyer.user.googleId);
    const pay = await devApp.app.inject({
      method: 'POST',
      url: `/api/demo-checkout/${id}/pay`,
      headers: headers(buyer.jar),
    });
    expect(pay.statusCode).toBe(200);

    const get = (url: string, jar: Jar | null) =>
      devApp.app.inject({ method: 'GET', url, headers: jar ? headers(jar) : { origin: ORIGIN } });
    const mails = await until(async () => {
      const list = (await get('/api/dev-mail', buyer.jar)).json<{ mails: { id: string }[] }>();
      return list.mails.length > 0 ? list.mails : undefined;
    }, 'the receipt in the mail folder');
    expect(mails).toHaveLength(1);
    const [mail] = mails as [{ id: string; subject: string; text: string; to: string }];
    expect(mail.subject).toBe('Your receipt and welcome to Indent');
    expect(mail.to).toBe('alan@example.com');
    expect(mail.text).toContain('Access ends: March 1, 2027 (UTC)');

    expect((await get('/api/dev-mail', null)).statusCode).toBe(401);
    expect((await get(`/api/dev-mail/${mail.id}`, null)).statusCode).toBe(401);
    const bad = await get('/api/dev-mail/not-an-id', buyer.jar);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(
      'Invalid params.id: must be a mail id such as the ones listed.',
    );
    const missing = await get('/api/dev-mail/00000000-0000-4000-8000-000000000000', buyer.jar);
    expect(missing.statusCode).toBe(404);
    const someoneElses = await get(`/api/dev-mail/${mail.id}`, other.jar);
    expect(someoneElses.statusCode).toBe(403);
    expect((await get('/api/dev-mail', other.jar)).json()).toEqual({ mails: [] });
    const own = await get(`/api/dev-mail/${mail.id}`, buyer.jar);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: mail.id, subject: mail.subject });
  });

  it('is marked private and behind the session cookie in the API document', async () => {
    const doc = (await devApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown }>>;
    }>();
    for (const path of ['/api/dev-mail', '/api/dev-mail/{id}']) {
      expect(doc.paths[path]?.get?.security, path).toEqual([{ sessionCookie: [] }]);
    }
    const who = await signIn(devApp, 'Cache Check', 'cache@example.com');
    const res = await devApp.app.inject({
      method: 'GET',
      url: '/api/dev-mail',
      headers: headers(who.jar),
    });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('does not exist with SMTP settings', async () => {
    const who = await signIn(stripeApp, 'Smtp User', 'smtp-user@example.com');
    const res = await stripeApp.app.inject({
      method: 'GET',
      url: '/api/dev-mail',
      headers: headers(who.jar),
    });
    expect(res.statusCode).toBe(404);
  });
});
