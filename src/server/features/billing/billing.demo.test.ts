import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../platform/clock.ts';
import { createTestApp, testClock, type TestApp } from '../../testing/test-app.ts';
import { headers, me, ORIGIN, signIn, type Jar } from '../../testing/billing-helpers.ts';

let t: TestApp;
const clock = testClock();
beforeEach(() => clock.reset());

beforeAll(async () => {
  // No Stripe keys: env.ts picks the demo checkout.
  t = await createTestApp({ deps: { clock } });
});
afterAll(async () => {
  await t.close();
});

let n = 0;
const newUser = () => {
  n += 1;
  return signIn(t, `Demo Learner ${n}`, `demo${n}@example.com`);
};

async function checkout(jar: Jar, googleId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/create-checkout-session',
    headers: headers(jar),
    payload: { googleId },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ id: string; url: string }>();
}

const post = (jar: Jar, url: string) =>
  t.app.inject({ method: 'POST', url, headers: headers(jar) });

describe('demo checkout', () => {
  it('opens the local checkout page, and Pay grants through the shared grant', async () => {
    const who = await newUser();
    const { id, url } = await checkout(who.jar, who.user.googleId);
    expect(id).toMatch(/^demo_cs_/);
    expect(url).toBe(`/demo-checkout/${id}`);

    const summary = await t.app.inject({
      method: 'GET',
      url: `/api/demo-checkout/${id}`,
      headers: headers(who.jar),
    });
    expect(summary.json()).toEqual({
      id,
      planName: 'The Ultimate Learn to Code Curriculum',
      amountCents: 48_900,
      currency: 'usd',
      email: 'demo1@example.com',
      status: 'pending',
      promo: null,
    });

    const pay = await post(who.jar, `/api/demo-checkout/${id}/pay`);
    expect(pay.statusCode).toBe(200);
    expect(pay.json()).toEqual({ redirect: `/payment-success?session_id=${id}` });
    // Pressing Pay twice changes nothing.
    expect((await post(who.jar, `/api/demo-checkout/${id}/pay`)).statusCode).toBe(200);

    const success = await t.app.inject({
      method: 'GET',
      url: `/api/order/success?session_id=${id}`,
      headers: headers(who.jar),
    });
    expect(success.statusCode).toBe(200);
    expect(success.json().session).toEqual({
      id,
      paymentStatus: 'paid',
      accessEndDate: new Date(clock.now().getTime() + 365 * DAY_MS).toISOString(),
    });
    expect((await me(t, who)).stripeSubscriptionId).toBe(id);
    const orders = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', who.user._id)
      .execute();
    expect(orders).toHaveLength(1);
    expect(orders[0]?.payment_intent_id).toMatch(/^demo_pi_/);

    const again = await post(who.jar, '/create-checkout-session');
    expect(again.statusCode).toBe(400);
  });

  it('Cancel returns to /pricing and grants nothing; Pay afterwards is refused', async () => {
    const who = await newUser();
    const { id } = await checkout(who.jar, who.user.googleId);
    const cancel = await post(who.jar, `/api/demo-checkout/${id}/cancel`);
    expect(cancel.json()).toEqual({ redirect: '/pricing' });
    const success = await t.app.inject({
      method: 'GET',
      url: `/api/order/success?session_id=${id}`,
      headers: headers(who.jar),
    });
    expect(success.statusCode).toBe(409);
    const pay = await post(who.jar, `/api/demo-checkout/${id}/pay`);
    expect(pay.statusCode).toBe(409);
    expect(pay.json().error.code).toBe('checkout_closed');
    expect((await me(t, who)).stripeSubscriptionId).toBeUndefined();
  });

  it("answers 401 without a session, 403 for another user's checkout, 404 for an unknown one, 400 for a bad id", async () => {
    const owner = await newUser();
    const intruder = await newUser();
    const { id } = await checkout(owner.jar, owner.user.googleId);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/demo-checkout/${id}` })).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/demo-checkout/${id}/pay`,
          headers: { origin: ORIGIN },
        })
      ).statusCode,
    ).toBe(401);
    const stolen = await post(intruder.jar, `/api/demo-checkout/${id}/pay`);
    expect(stolen.statusCode).toBe(403);
    expect((await me(t, intruder)).stripeSubscriptionId).toBeUndefined();
    expect((await me(t, owner)).stripeSubscriptionId).toBeUndefined();
    expect((await post(intruder.jar, `/api/demo-checkout/${id}/cancel`)).statusCode).toBe(403);
    expect((await post(owner.jar, '/api/demo-checkout/demo_cs_unknown/pay')).statusCode).toBe(404);
    expect((await post(owner.jar, '/api/demo-checkout/not%20an%20id/pay')).statusCode).toBe(400);
  });

  it('refuses a cross-site checkout request', async () => {
    const who = await newUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/create-checkout-session',
      headers: { origin: 'https://evil.example', cookie: who.jar.header() },
      payload: { googleId: who.user.googleId },
    });
    expect(res.statusCode).toBe(403);
  });

  it('has no webhook: the demo driver confirms payments itself', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('without an advertising id', () => {
  it('names no conversion and the CSP allows no tracker', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/pricing' });
    expect(page.headers['content-security-policy']).not.toContain('googletagmanager');
    const who = await newUser();
    const { id } = await checkout(who.jar, who.user.googleId);
    await post(who.jar, `/api/demo-checkout/${id}/pay`);
    const success = await t.app.inject({
      method: 'GET',
      url: `/api/order/success?session_id=${id}`,
      headers: headers(who.jar),
    });
    expect(success.json().conversion).toBeNull();
  });
});
