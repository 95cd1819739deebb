import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminRunner } from '../../testing/admin-helpers.ts';
import {
  deliverSigned,
  headers,
  logCollector,
  signIn,
  stripeEvent,
  type Jar,
} from '../../testing/billing-helpers.ts';
import {
  startStripeStandIn,
  type StandInSession,
  type StripeStandIn,
} from '../../testing/stripe-stand-in.ts';
import { createTestApp, testClock, type TestApp } from '../../testing/test-app.ts';
import type { PaymentsDriver } from './payments.ts';
import { createStripePayments } from './stripe.payments.ts';

// Promotion codes with the stripe driver (decision 0036): the admin command makes the coupon and
// promotion code at Stripe (the stand-in, through the real SDK), Checkout carries the code, and the
// use is counted when the really signed webhook grants.

const SECRET_KEY = 'sk_test_indent_standin';
const WEBHOOK_SECRET = 'whsec_indent_test_secret';

let standIn: StripeStandIn;
let t: TestApp;
let payments: PaymentsDriver;
let admin: ReturnType<typeof adminRunner>;
const clock = testClock();
beforeEach(() => clock.reset());
const logs = logCollector();

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
  payments = createStripePayments({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    api: standIn.api,
  });
  t = await createTestApp({
    env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    deps: { clock, logger: logs.logger, payments },
  });
  admin = adminRunner(t.database.db, { clock, payments });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

let n = 0;
const newUser = () => {
  n += 1;
  return signIn(t, `Stripe Promo ${n}`, `stripe-promo${n}@example.com`);
};

const open = (jar: Jar, googleId: string, promoCode?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/create-checkout-session',
    headers: headers(jar),
    payload: promoCode === undefined ? { googleId } : { googleId, promoCode },
  });

const deliver = (session: StandInSession) =>
  deliverSigned(t, stripeEvent('checkout.session.completed', session), WEBHOOK_SECRET);

const orderOf = (sessionId: string) =>
  t.database.db
    .selectFrom('orders')
    .selectAll()
    .where('provider_session_id', '=', sessionId)
    .executeTakeFirstOrThrow();

const codeRow = (code: string) =>
  t.database.db
    .selectFrom('promo_codes')
    .selectAll()
    .where('code', '=', code)
    .executeTakeFirstOrThrow();

async function create(...argv: string[]) {
  const run = await admin('codes', 'create', ...argv);
  expect(run.code, run.err).toBe(0);
  return codeRow(argv[0]?.toUpperCase() ?? '');
}

describe('promotion codes with Stripe', () => {
  it('codes create makes the coupon and promotion code at Stripe', async () => {
    const row = await create(
      'STRIPE25',
      '--percent',
      '25',
      '--max',
      '10',
      '--expires',
      '2026-12-31',
    );
    const promo = standIn.promotions.codes.get(row.stripe_promotion_code_id ?? '');
    expect(promo).toMatchObject({
      code: 'STRIPE25',
      max_redemptions: 10,
      expires_at: Date.parse('2027-01-01T00:00:00Z') / 1000,
      active: true,
    });
    expect(standIn.promotions.coupons.get(row.stripe_coupon_id ?? '')).toMatchObject({
      percent_off: 25,
      duration: 'once',
    });
    const dollars = await create('STRIPE100', '--amount-off', '100');
    expect(standIn.promotions.coupons.get(dollars.stripe_coupon_id ?? '')).toMatchObject({
      amount_off: 10_000,
      currency: 'usd',
    });
  });

  it('a checkout opened with a code carries it, and the signed webhook grants at the discount', async () => {
    await create('CARRIED', '--percent', '25');
    const who = await newUser();
    const opened = await open(who.jar, who.user.googleId, 'carried');
    expect(opened.statusCode, opened.body).toBe(200);
    const { id } = opened.json<{ id: string }>();
    const sent = standIn.requests.findLast((r) => r.path === '/v1/checkout/sessions');
    const row = await codeRow('CARRIED');
    expect(sent?.params['discounts[0][promotion_code]']).toBe(row.stripe_promotion_code_id);
    expect(sent?.params.allow_promotion_codes).toBeUndefined();
    const res = await deliver(standIn.pay(id));
    expect(res.json()).toEqual({ received: true, outcome: 'granted' });
    expect(await orderOf(id)).toMatchObject({
      status: 'paid',
      amount_cents: 36_675,
      list_price_cents: 48_900,
      promo_code: 'CARRIED',
      promo_over_limit: 0,
    });
    expect((await codeRow('CARRIED')).uses).toBe(1);
  });

  it('a code typed on Stripe’s page (a checkout that allows codes) is recorded and counted', async () => {
    const row = await create('ATSTRIPE', '--amount-off', '89');
    const who = await newUser();
    const { id } = (await open(who.jar, who.user.googleId)).json<{ id: string }>();
    const sent = standIn.requests.findLast((r) => r.path === '/v1/checkout/sessions');
    expect(sent?.params.allow_promotion_codes).toBe('true');
    standIn.applyCode(id, row.stripe_promotion_code_id ?? '');
    expect((await deliver(standIn.pay(id))).json()).toMatchObject({ outcome: 'granted' });
    expect(await orderOf(id)).toMatchObject({
      amount_cents: 40_000,
      list_price_cents: 48_900,
      promo_code: 'ATSTRIPE',
    });
    expect((await codeRow('ATSTRIPE')).uses).toBe(1);
  });

  it('two payments landing at once on a --max 1 code: one counted, the other granted and marked', async () => {
    await create('LASTONE', '--percent', '10', '--max', '1');
    const buyers = [await newUser(), await newUser()];
    const ids: string[] = [];
    for (const b of buyers) {
      const opened = await open(b.jar, b.user.googleId, 'LASTONE');
      expect(opened.statusCode, opened.body).toBe(200);
      ids.push(opened.json<{ id: string }>().id);
    }
    const results = await Promise.all(ids.map((id) => deliver(standIn.pay(id))));
    expect(results.map((r) => r.json<{ outcome: string }>().outcome)).toEqual([
      'granted',
      'granted',
    ]);
    const orders = await Promise.all(ids.map(orderOf));
    expect(orders.map((o) => o.promo_over_limit).sort()).toEqual([0, 1]);
    expect(orders.every((o) => o.amount_cents === 44_010 && o.promo_code === 'LASTONE')).toBe(true);
    expect((await codeRow('LASTONE')).uses).toBe(1);
    // Used up now: a third checkout is refused before anything opens at Stripe.
    const third = await newUser();
    const before = standIn.requests.length;
    const refused = await open(third.jar, third.user.googleId, 'LASTONE');
    expect(refused.statusCode).toBe(409);
    expect(standIn.requests.length).toBe(before);
  });

  it('codes end switches the code off at Stripe, and checkout refuses it', async () => {
    const row = await create('ENDED', '--percent', '10');
    const run = await admin('codes', 'end', 'ended', '--reason', 'campaign over');
    expect(run.code, run.err).toBe(0);
    expect(standIn.promotions.codes.get(row.stripe_promotion_code_id ?? '')?.active).toBe(false);
    const who = await newUser();
    const refused = await open(who.jar, who.user.googleId, 'ENDED');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      'This promotion code has ended.',
    );
  });

  it('a code made without Stripe is refused with a plain message', async () => {
    await t.database.db
      .insertInto('promo_codes')
      .values({
        code: 'DEMOONLY',
        percent_off: 10,
        amount_off_cents: null,
        max_uses: null,
        expires_at: null,
        ended_at: null,
        created_at: clock.now().toISOString(),
        reason: 'made under the demo driver',
        stripe_coupon_id: null,
        stripe_promotion_code_id: null,
      })
      .execute();
    const who = await newUser();
    const refused = await open(who.jar, who.user.googleId, 'DEMOONLY');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('promo_not_at_provider');
  });
});
