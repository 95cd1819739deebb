import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../platform/clock.ts';
import { createTestApp, testClock, type TestApp } from '../../testing/test-app.ts';
import {
  headers,
  logCollector,
  me,
  signIn,
  type Jar,
  type TestUser,
} from '../../testing/billing-helpers.ts';
import { startStripeStandIn, type StripeStandIn } from '../../testing/stripe-stand-in.ts';
import { createStripePayments } from './stripe.payments.ts';

const SECRET_KEY = 'sk_test_indent_standin';
const WEBHOOK_SECRET = 'whsec_indent_test_secret';

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

function lookUp(jar: Jar, sessionId: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/order/success?session_id=${encodeURIComponent(sessionId)}`,
    headers: headers(jar),
  });
}

async function ordersFor(sessionId: string) {
  return t.database.db
    .selectFrom('orders')
    .selectAll()
    .where('provider_session_id', '=', sessionId)
    .execute();
}

describe('GET /api/order/success', () => {
  it('grants when the provider says paid and answers { session }', async () => {
    const who = await newUser();
    const { id } = await startCheckout(who);
    standIn.pay(id);
    const res = await lookUp(who.jar, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      session: {
        id,
        paymentStatus: 'paid',
        accessEndDate: new Date(clock.now().getTime() + 365 * DAY_MS).toISOString(),
      },
      conversion: null,
    });
    expect((await me(t, who)).stripeSubscriptionId).toBe(id);
  });

  it('answers 409 for an unpaid session and 404 for an unknown one, granting nothing', async () => {
    const who = await newUser();
    const { id } = await startCheckout(who);
    const unpaid = await lookUp(who.jar, id);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error.code).toBe('payment_pending');
    const unknown = await lookUp(who.jar, 'cs_test_doesnotexist');
    expect(unknown.statusCode).toBe(404);
    expect((await ordersFor(id))[0]?.status).toBe('pending');
    expect((await me(t, who)).stripeSubscriptionId).toBeUndefined();
  });

  it("answers 401 without a session, 400 for a malformed id, 403 for another user's session", async () => {
    const owner = await newUser();
    const intruder = await newUser();
    const { id } = await startCheckout(owner);
    standIn.pay(id);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/order/success?session_id=${id}` }))
        .statusCode,
    ).toBe(401);
    expect((await lookUp(owner.jar, 'cs test/../x')).statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/order/success',
      headers: headers(owner.jar),
    });
    expect(missing.statusCode).toBe(400);
    const stolen = await lookUp(intruder.jar, id);
    expect(stolen.statusCode).toBe(403);
    expect((await me(t, intruder)).stripeSubscriptionId).toBeUndefined();
    // Not even when our order row is missing and only the provider knows the session.
    await t.database.db.deleteFrom('orders').where('provider_session_id', '=', id).execute();
    expect((await lookUp(intruder.jar, id)).statusCode).toBe(403);
    expect(await ordersFor(id)).toHaveLength(0);
  });
});

describe('access over time, and buying twice', () => {
  it('lasts until T + 365 days and then ends by itself; a second purchase is refused meanwhile', async () => {
    const who = await newUser();
    const { id } = await startCheckout(who);
    standIn.pay(id);
    const paidAt = clock.now().getTime();
    expect((await lookUp(who.jar, id)).statusCode).toBe(200);

    const again = await t.app.inject({
      method: 'POST',
      url: '/create-checkout-session',
      headers: headers(who.jar),
      payload: { googleId: who.user.googleId },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_subscribed');
    expect(again.json().error.message).toContain('You already have access until');

    const subscription = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/subscription/${who.user.googleId}`,
        headers: headers(who.jar),
      });
    expect((await subscription()).json()).toEqual({
      accessEndDate: new Date(paidAt + 365 * DAY_MS).toISOString(),
      promo: null,
    });

    // Keep the session alive across the year (sessions slide when used, expire after 30 idle days).
    for (let day = 25; day < 365; day += 25) {
      clock.set(new Date(paidAt + day * DAY_MS));
      await me(t, who);
    }
    clock.set(new Date(paidAt + 365 * DAY_MS - 1));
    expect((await me(t, who)).stripeSubscriptionId).toBe(id);
    clock.set(new Date(paidAt + 365 * DAY_MS));
    expect((await me(t, who)).stripeSubscriptionId).toBeUndefined();
    expect((await subscription()).statusCode).toBe(403);
    // Once access has ended, buying again is possible.
    expect((await startCheckout(who)).id).toMatch(/^cs_test_/);
    clock.set(new Date(paidAt));
  });

  it('GET /api/subscription/:googleId: 401, 403 for another user, 403 without access', async () => {
    const a = await newUser();
    const b = await newUser();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/subscription/${a.user.googleId}` }))
        .statusCode,
    ).toBe(401);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/subscription/${b.user.googleId}`,
      headers: headers(a.jar),
    });
    expect(other.statusCode).toBe(403);
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/subscription/${a.user.googleId}`,
      headers: headers(a.jar),
    });
    expect(none.statusCode).toBe(403);
    expect(none.json().error.code).toBe('no_access');
  });

  it('the demo checkout endpoints do not exist with the stripe driver', async () => {
    const who = await newUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/demo-checkout/demo_cs_x/pay',
      headers: headers(who.jar),
    });
    expect(res.statusCode).toBe(404);
  });
});
