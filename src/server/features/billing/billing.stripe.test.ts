import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../platform/clock.ts';
import { createTestApp, testClock, type TestApp } from '../../testing/test-app.ts';
import {
  headers,
  logCollector,
  me,
  ORIGIN,
  signIn,
  type Jar,
  type TestUser,
} from '../../testing/billing-helpers.ts';
import {
  startStripeStandIn,
  type StandInSession,
  type StripeStandIn,
} from '../../testing/stripe-stand-in.ts';
import { createStripePayments } from './stripe.payments.ts';

const SECRET_KEY = 'sk_test_indent_standin';
const WEBHOOK_SECRET = 'whsec_indent_test_secret';
const signer = new Stripe(SECRET_KEY);

let standIn: StripeStandIn;
let t: TestApp;
const clock = testClock();
beforeEach(() => clock.reset());
const logs = logCollector();

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
  t = await createTestApp({
    env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    deps: {
      clock,
      logger: logs.logger,
      payments: createStripePayments({
        secretKey: SECRET_KEY,
        webhookSecret: WEBHOOK_SECRET,
        api: standIn.api,
      }),
    },
  });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

let userCount = 0;
async function newUser() {
  userCount += 1;
  return signIn(t, `Learner ${userCount}`, `learner${userCount}@example.com`);
}

async function startCheckout(who: { jar: Jar; user: TestUser }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/create-checkout-session',
    headers: headers(who.jar),
    payload: { googleId: who.user.googleId },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ id: string; url: string }>();
}

let eventCount = 0;
function event(type: string, object: unknown, id = `evt_test_${++eventCount}`) {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    type,
    data: { object },
  });
}

function deliver(payload: string, options: { secret?: string; signature?: string } = {}) {
  const signature =
    options.signature ??
    signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET });
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}

function lookUp(jar: Jar, sessionId: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/order/success?session_id=${encodeURIComponent(sessionId)}`,
    headers: headers(jar),
  });
}

const charge = (session: StandInSession, refunded = true, amount = 48_900) => ({
  id: `ch_${session.id}`,
  object: 'charge',
  payment_intent: session.payment_intent,
  refunded,
  amount_refunded: amount,
});

/** A course request, which passes through the subscriber guard and its remembered access. */
async function courseStatus(jar: Jar): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: '/api/quizzes', headers: headers(jar) }))
    .statusCode;
}

async function ordersFor(sessionId: string) {
  return t.database.db
    .selectFrom('orders')
    .selectAll()
    .where('provider_session_id', '=', sessionId)
    .execute();
}

async function eventCountInDb() {
  const rows = await t.database.db.selectFrom('payment_events').select('id').execute();
  return rows.length;
}

describe('POST /create-checkout-session (stripe driver)', () => {
  it('creates a Checkout Session in payment mode for $489.00 with the user, e-mail and return addresses', async () => {
    const who = await newUser();
    const { id, url } = await startCheckout(who);
    expect(id).toMatch(/^cs_test_/);
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${id}`);
    const create = standIn.requests.findLast((r) => r.method === 'POST');
    expect(create?.params).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '48900',
      'line_items[0][price_data][product_data][name]': 'The Ultimate Learn to Code Curriculum',
      client_reference_id: who.user._id,
      customer_email: `learner${userCount}@example.com`,
      success_url: `${ORIGIN}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ORIGIN}/pricing`,
    });
    expect(create?.idempotencyKey).toMatch(/^indent-checkout-/);
    const [order, ...more] = await ordersFor(id);
    expect(more).toHaveLength(0);
    expect(order).toMatchObject({
      user_id: who.user._id,
      provider: 'stripe',
      status: 'pending',
      amount_cents: 48_900,
      currency: 'usd',
      paid_at: null,
    });
  });

  it('a double click opens one checkout and one order (idempotency key)', async () => {
    const who = await newUser();
    const [a, b] = await Promise.all([startCheckout(who), startCheckout(who)]);
    expect(a.id).toBe(b.id);
    expect(await ordersFor(a.id)).toHaveLength(1);
  });

  it('answers 401 without a session, 400 for a bad body, 403 for another user', async () => {
    const a = await newUser();
    const b = await newUser();
    const none = await t.app.inject({
      method: 'POST',
      url: '/create-checkout-session',
      headers: { origin: ORIGIN },
      payload: { googleId: a.user.googleId },
    });
    expect(none.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/create-checkout-session',
      headers: headers(a.jar),
      payload: { googleId: 42 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
    const other = await t.app.inject({
      method: 'POST',
      url: '/create-checkout-session',
      headers: headers(a.jar),
      payload: { googleId: b.user.googleId },
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('POST /api/stripe/webhook', () => {
  it('a valid checkout.session.completed grants a year of access, once', async () => {
    const who = await newUser();
    const { id } = await startCheckout(who);
    const session = standIn.pay(id);
    const res = await deliver(event('checkout.session.completed', session));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'granted' });
    const [order] = await ordersFor(id);
    expect(order).toMatchObject({
      status: 'paid',
      paid_at: clock.now().toISOString(),
      access_ends_at: new Date(clock.now().getTime() + 365 * DAY_MS).toISOString(),
      payment_intent_id: session.payment_intent,
    });
    expect((await me(t, who)).stripeSubscriptionId).toBe(id);
    expect(logs.count('access granted', { sessionId: id })).toBe(1);
  });

  it('the same event delivered 10 times (at once and again later) grants once', async () => {
    const who = await newUser();
    const { id } = await startCheckout(who);
    const payload = event('checkout.session.completed', standIn.pay(id));
    const before = await eventCountInDb();
    const replies = await Promise.all(Array.from({ length: 10 }, () => deliver(payload)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const outcomes = replies.map((r) => r.json<{ outcome: string }>().outcome).sort();
    expect(outcomes).toEqual(['granted', ...Array<string>(9).fill('duplicate_event')].sort());
    expect((await deliver(payload)).json().outcome).toBe('duplicate_event');
    expect(await eventCountInDb()).toBe(before + 1);
    expect(await ordersFor(id)).toHaveLength(1);
    expect(logs.count('access granted', { sessionId: id })).toBe(1);
  });

  it('webhook and success look-up racing 20 times each yield one order and one grant', async () => {
    const who = await newUser();
    // No order is recorded before the race: the session exists only at the provider (as when our
    // insert after creating it was lost), so both paths also race to create the order.
    const created = await startCheckout(who);
    await t.database.db
      .deleteFrom('orders')
      .where('provider_session_id', '=', created.id)
      .execute();
    const session = standIn.pay(created.id);
    const payload = event('checkout.session.completed', session);
    const calls = Array.from({ length: 20 }, () => [deliver(payload), lookUp(who.jar, session.id)]);
    const replies = await Promise.all(calls.flat());
    expect(replies.map((r) => r.statusCode)).toEqual(Array(40).fill(200));
    const orders = await ordersFor(session.id);
    expect(orders).toHaveLength(1);
    expect(logs.count('access granted', { sessionId: session.id })).toBe(1);
    const ends = new Set(
      replies.filter((_, i) => i % 2 === 1).map((r) => r.json().session.accessEndDate as string),
    );
    expect([...ends]).toEqual([orders[0]?.access_ends_at]);
  });

  it('refuses a tampered body, a wrong secret or a missing signature with 400 and records nothing', async () => {
    const who = await newUser();
    const { id } = await startCheckout(who);
    const payload = event('checkout.session.completed', standIn.pay(id));
    const before = await eventCountInDb();
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await deliver(payload.replace('"paid"', '"paid" '), { signature });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error.code).toBe('bad_signature');
    const wrongSecret = await deliver(payload, { secret: 'whsec_someone_else' });
    expect(wrongSecret.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(await eventCountInDb()).toBe(before);
    expect((await ordersFor(id))[0]?.status).toBe('pending');
    expect((await me(t, who)).stripeSubscriptionId).toBeUndefined();
  });

  it('a completed checkout with a delayed payment waits for async_payment_succeeded; a failure grants nothing', async () => {
    const who = await newUser();
    const { id } = await startCheckout(who);
    const pending = standIn.completeUnpaid(id);
    expect((await deliver(event('checkout.session.completed', pending))).json().outcome).toBe(
      'ignored',
    );
    expect((await lookUp(who.jar, id)).statusCode).toBe(409);
    expect((await me(t, who)).stripeSubscriptionId).toBeUndefined();
    const paid = standIn.pay(id);
    expect(
      (await deliver(event('checkout.session.async_payment_succeeded', paid))).json().outcome,
    ).toBe('granted');
    expect((await me(t, who)).stripeSubscriptionId).toBe(id);

    const other = await newUser();
    const second = await startCheckout(other);
    const failed = standIn.completeUnpaid(second.id);
    expect(
      (await deliver(event('checkout.session.async_payment_failed', failed))).json().outcome,
    ).toBe('marked_failed');
    expect((await ordersFor(second.id))[0]?.status).toBe('failed');
  });

  it('a full refund revokes access; a partial refund keeps it; a dispute revokes', async () => {
    const a = await newUser();
    const first = await startCheckout(a);
    const paidA = standIn.pay(first.id);
    await deliver(event('checkout.session.completed', paidA));
    expect((await me(t, a)).stripeSubscriptionId).toBe(first.id);

    const partial = await deliver(event('charge.refunded', charge(paidA, false, 1000)));
    expect(partial.json().outcome).toBe('ignored');
    expect((await me(t, a)).stripeSubscriptionId).toBe(first.id);
    expect(await courseStatus(a.jar)).toBe(200);

    const full = await deliver(event('charge.refunded', charge(paidA)));
    expect(full.json().outcome).toBe('revoked');
    expect((await me(t, a)).stripeSubscriptionId).toBeUndefined();
    // At once, though the guard had just confirmed this access (the clock has not moved).
    expect(await courseStatus(a.jar)).toBe(403);
    const [order] = await ordersFor(first.id);
    expect(order).toMatchObject({ status: 'refunded', revoked_at: clock.now().toISOString() });
    expect(order?.revoke_reason).toContain('refunded in full');
    expect(logs.count('access revoked', { userId: a.user._id })).toBe(1);
    // A late success look-up or redelivered checkout event cannot bring it back.
    expect((await lookUp(a.jar, first.id)).json().error.code).toBe('order_revoked');
    expect((await deliver(event('checkout.session.completed', paidA))).json().outcome).toBe(
      'already_granted',
    );
    expect((await me(t, a)).stripeSubscriptionId).toBeUndefined();

    const b = await newUser();
    const second = await startCheckout(b);
    const paidB = standIn.pay(second.id);
    await lookUp(b.jar, second.id);
    expect(await courseStatus(b.jar)).toBe(200);
    const dispute = await deliver(
      event('charge.dispute.created', {
        id: 'dp_1',
        object: 'dispute',
        payment_intent: paidB.payment_intent,
        reason: 'fraudulent',
      }),
    );
    expect(dispute.json().outcome).toBe('revoked');
    expect((await ordersFor(second.id))[0]).toMatchObject({ status: 'disputed' });
    expect((await me(t, b)).stripeSubscriptionId).toBeUndefined();
    expect(await courseStatus(b.jar)).toBe(403);
  });

  it('an expired checkout closes its pending order', async () => {
    const who = await newUser();
    const { id } = await startCheckout(who);
    const expired = { ...standIn.sessions.get(id), status: 'expired' };
    expect((await deliver(event('checkout.session.expired', expired))).json().outcome).toBe(
      'marked_canceled',
    );
    expect((await ordersFor(id))[0]?.status).toBe('canceled');
  });

  it('records and ignores events it does not act on', async () => {
    const res = await deliver(event('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(res.json()).toEqual({ received: true, outcome: 'ignored' });
  });
});
