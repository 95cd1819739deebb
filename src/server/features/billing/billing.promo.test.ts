import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../platform/clock.ts';
import { adminRunner } from '../../testing/admin-helpers.ts';
import { headers, signIn, type Jar } from '../../testing/billing-helpers.ts';
import { createTestApp, testClock, type TestApp } from '../../testing/test-app.ts';

// Promotion codes with the demo driver (decision 0036): the admin command makes them, the demo
// page's field applies them, Pay counts the use in the grant. billing.stripe.test.ts covers Stripe.

let t: TestApp;
const clock = testClock();
beforeEach(() => clock.reset());
let admin: ReturnType<typeof adminRunner>;

beforeAll(async () => {
  t = await createTestApp({ deps: { clock } });
  admin = adminRunner(t.database.db, { clock });
});
afterAll(async () => {
  await t.close();
});

let n = 0;
const newUser = () => {
  n += 1;
  return signIn(t, `Promo Learner ${n}`, `promo${n}@example.com`);
};

async function open(jar: Jar, googleId: string, promoCode?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/create-checkout-session',
    headers: headers(jar),
    payload: promoCode === undefined ? { googleId } : { googleId, promoCode },
  });
}

/** `signedOut`: the same browser's headers without its session cookie. */
const apply = (jar: Jar, id: string, code: unknown, signedOut = false) =>
  t.app.inject({
    method: 'POST',
    url: `/api/demo-checkout/${id}/promo`,
    headers: signedOut ? { ...headers(jar), cookie: '' } : headers(jar),
    payload: { code },
  });

const pay = (jar: Jar, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/demo-checkout/${id}/pay`, headers: headers(jar) });

const orderOf = (sessionId: string) =>
  t.database.db
    .selectFrom('orders')
    .selectAll()
    .where('provider_session_id', '=', sessionId)
    .executeTakeFirstOrThrow();

async function create(...argv: string[]) {
  const run = await admin('codes', 'create', ...argv);
  expect(run.code, run.err).toBe(0);
  return run;
}

describe('promotion codes on the demo checkout', () => {
  it('applies a code on the page, pays the discounted price, and counts one use', async () => {
    await create('spring25', '--percent', '25', '--max', '100', '--reason', 'spring campaign');
    const who = await newUser();
    const { id } = (await open(who.jar, who.user.googleId)).json<{ id: string }>();
    const applied = await apply(who.jar, id, ' Spring25 ');
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({
      amountCents: 36_675,
      promo: { code: 'SPRING25', listPriceCents: 48_900 },
    });
    expect((await pay(who.jar, id)).statusCode).toBe(200);
    const order = await orderOf(id);
    expect(order).toMatchObject({
      status: 'paid',
      amount_cents: 36_675,
      promo_code: 'SPRING25',
      list_price_cents: 48_900,
    });
    const code = await t.database.db
      .selectFrom('promo_codes')
      .selectAll()
      .where('code', '=', 'SPRING25')
      .executeTakeFirstOrThrow();
    expect(code.uses).toBe(1);
    const mail = await t.database.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('kind', '=', 'receipt')
      .where('to_address', '=', `promo${n}@example.com`)
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('Amount paid: $366.75');
    expect(mail.text_body).toContain(
      'Promotion code: SPRING25 (list price $489.00, you saved $122.25)',
    );
    const subscription = await t.app.inject({
      method: 'GET',
      url: `/api/subscription/${who.user.googleId}`,
      headers: headers(who.jar),
    });
    expect(subscription.json()).toMatchObject({
      promo: { code: 'SPRING25', amountPaidCents: 36_675, listPriceCents: 48_900, currency: 'usd' },
    });
    const list = await admin('codes', 'list');
    expect(list.out).toMatch(/SPRING25\s+25% off\s+1\s+99\s+-\s+active\s+366\.75 USD/);
  });

  it('takes a code when the checkout opens too, and an amount off', async () => {
    await create('TAKE100', '--amount-off', '100');
    const who = await newUser();
    const opened = await open(who.jar, who.user.googleId, 'take100');
    expect(opened.statusCode, opened.body).toBe(200);
    const order = await orderOf(opened.json<{ id: string }>().id);
    expect(order).toMatchObject({ amount_cents: 38_900, promo_code: 'TAKE100' });
  });

  it('refuses unknown, malformed, expired, ended and used-up codes with a plain 4xx', async () => {
    await create('ENDSSOON', '--percent', '10', '--expires', '2026-03-04');
    await create('STOPPED', '--percent', '10');
    expect((await admin('codes', 'end', 'stopped')).code).toBe(0);
    await create('ONCE', '--percent', '10', '--max', '1');
    const first = await newUser();
    const firstId = (await open(first.jar, first.user.googleId)).json<{ id: string }>().id;
    expect((await apply(first.jar, firstId, 'ONCE')).statusCode).toBe(200);
    expect((await pay(first.jar, firstId)).statusCode).toBe(200);

    const who = await newUser();
    const { id } = (await open(who.jar, who.user.googleId)).json<{ id: string }>();
    const cases: [unknown, number, RegExp][] = [
      ['NOPE', 404, /There is no promotion code "NOPE"/],
      ['x', 400, /3 to 40 letters and digits/],
      ['', 400, /missing/],
      [42, 400, /./],
      ['STOPPED', 409, /has ended/],
      ['ONCE', 409, /used up/],
    ];
    for (const [code, status, message] of cases) {
      const res = await apply(who.jar, id, code);
      expect(res.statusCode, String(code)).toBe(status);
      expect(res.json<{ error: { message: string } }>().error.message).toMatch(message);
    }
    const refusedAtOpen = await open(who.jar, who.user.googleId, 'NOPE');
    expect(refusedAtOpen.statusCode).toBe(404);
    expect((await open(who.jar, who.user.googleId, 'X'.repeat(101))).statusCode).toBe(400);
    expect((await open(who.jar, who.user.googleId, 'a b')).statusCode).toBe(400);

    clock.advance(4 * DAY_MS);
    const late = await apply(who.jar, id, 'ENDSSOON');
    expect(late.statusCode).toBe(409);
    expect(late.json<{ error: { message: string } }>().error.message).toBe(
      'This promotion code expired on March 4, 2026.',
    );
    expect(await orderOf(id)).toMatchObject({ amount_cents: 48_900, promo_code: null });
  });

  it('refuses no user, another user, and a closed checkout', async () => {
    await create('GUARDS', '--percent', '5');
    const owner = await newUser();
    const other = await newUser();
    const { id } = (await open(owner.jar, owner.user.googleId)).json<{ id: string }>();
    expect((await apply(owner.jar, id, 'GUARDS', true)).statusCode).toBe(401);
    expect((await apply(other.jar, id, 'GUARDS')).statusCode).toBe(403);
    expect((await apply(owner.jar, 'demo_cs_missing', 'GUARDS')).statusCode).toBe(404);
    expect((await pay(owner.jar, id)).statusCode).toBe(200);
    const closed = await apply(owner.jar, id, 'GUARDS');
    expect(closed.statusCode).toBe(409);
    expect(await orderOf(id)).toMatchObject({ promo_code: null, amount_cents: 48_900 });
  });

  it('a code ended after it was applied refuses Pay, and nothing is granted', async () => {
    await create('LATEEND', '--percent', '20');
    const who = await newUser();
    const { id } = (await open(who.jar, who.user.googleId)).json<{ id: string }>();
    expect((await apply(who.jar, id, 'LATEEND')).statusCode).toBe(200);
    expect((await admin('codes', 'end', 'LATEEND')).code).toBe(0);
    const refused = await pay(who.jar, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { message: string } }>().error.message).toMatch(/has ended/);
    expect(await orderOf(id)).toMatchObject({ status: 'pending', paid_at: null });
  });

  it('admits exactly one of two buyers paying at once with a --max 1 code', async () => {
    await create('ONLYONE', '--percent', '50', '--max', '1');
    const buyers = await Promise.all([newUser(), newUser()]);
    const ids: string[] = [];
    for (const b of buyers) {
      const { id } = (await open(b.jar, b.user.googleId)).json<{ id: string }>();
      expect((await apply(b.jar, id, 'ONLYONE')).statusCode).toBe(200);
      ids.push(id);
    }
    const results = await Promise.all(buyers.map((b, i) => pay(b.jar, ids[i] ?? '')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409);
    expect(loser?.json<{ error: { message: string } }>().error.message).toMatch(/used up/);
    const orders = await Promise.all(ids.map(orderOf));
    expect(orders.filter((o) => o.status === 'paid')).toHaveLength(1);
    expect(orders.filter((o) => o.status === 'pending')).toHaveLength(1);
    const code = await t.database.db
      .selectFrom('promo_codes')
      .select('uses')
      .where('code', '=', 'ONLYONE')
      .executeTakeFirstOrThrow();
    expect(code.uses).toBe(1);
  });
});
