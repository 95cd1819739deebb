import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminRunner, adminSnapshot } from '../../testing/admin-helpers.ts';
import { headers, me, signIn, type Jar, type TestUser } from '../../testing/billing-helpers.ts';
import { startStripeStandIn, type StripeStandIn } from '../../testing/stripe-stand-in.ts';
import { createTestApp, testClock, type TestApp } from '../../testing/test-app.ts';
import { createStripePayments } from '../billing/stripe.payments.ts';

// A refund with the stripe driver: the command asks Stripe (the stand-in) for the refund, and access
// ends only when Stripe's signed charge.refunded webhook arrives, through the webhook's own code.

const SECRET_KEY = 'sk_test_indent_admin';
const WEBHOOK_SECRET = 'whsec_indent_admin_secret';
const signer = new Stripe(SECRET_KEY);

let standIn: StripeStandIn;
let t: TestApp;
const clock = testClock();
beforeEach(() => clock.reset());
let admin: ReturnType<typeof adminRunner>;

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
  const payments = () =>
    createStripePayments({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      api: standIn.api,
    });
  t = await createTestApp({
    env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    deps: { clock, payments: payments() },
  });
  // The command builds its own driver, as `npm run admin` does in its own process.
  admin = adminRunner(t.database.db, { clock, payments: payments() });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

let n = 0;
/** A learner who paid through Stripe Checkout (the stand-in) and came back to the success page. */
async function paidLearner(): Promise<{
  jar: Jar;
  user: TestUser;
  email: string;
  paymentIntent: string;
}> {
  n += 1;
  const email = `stripe-admin${n}@example.com`;
  const who = await signIn(t, `Stripe Learner ${n}`, email);
  const open = await t.app.inject({
    method: 'POST',
    url: '/create-checkout-session',
    headers: headers(who.jar),
    payload: { googleId: who.user.googleId },
  });
  const { id } = open.json<{ id: string }>();
  const session = standIn.pay(id);
  const back = await t.app.inject({
    method: 'GET',
    url: `/api/order/success?session_id=${encodeURIComponent(id)}`,
    headers: headers(who.jar),
  });
  expect(back.statusCode).toBe(200);
  return { ...who, email, paymentIntent: session.payment_intent ?? '' };
}

let events = 0;
/** Stripe's charge.refunded event for a refund, signed with the endpoint's secret and delivered. */
function deliverRefunded(refundId: string) {
  events += 1;
  const payload = JSON.stringify({
    id: `evt_admin_refund_${events}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    type: 'charge.refunded',
    data: { object: standIn.refundedCharge(refundId) },
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}

const refundRequests = () => standIn.requests.filter((r) => r.path === '/v1/refunds');

describe('refund with the stripe driver', () => {
  it('asks Stripe for the refund, and access ends when the signed charge.refunded webhook arrives', async () => {
    const who = await paidLearner();
    const [order] = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', who.user._id)
      .execute();
    const run = await admin('refund', who.email, '--reason', 'Changed their mind on day 3');
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(
      /^Refund re_test_\w+ of 489\.00 USD asked for; access ends when stripe confirms it\.$/,
    );

    const [request] = refundRequests();
    expect(request?.params).toMatchObject({
      payment_intent: who.paymentIntent,
      reason: 'requested_by_customer',
      'metadata[orderId]': order?.id,
    });
    expect(request?.idempotencyKey).toBe(`indent-refund-${order?.id}`);
    const refund = standIn.refunds.get(who.paymentIntent);
    expect(refund?.amount).toBe(48_900);
    const audit = await t.database.db.selectFrom('admin_audit').selectAll().execute();
    expect(audit).toEqual([
      expect.objectContaining({
        command: 'refund',
        order_id: order?.id,
        reason: 'Changed their mind on day 3',
      }),
    ]);
    expect(audit[0]?.details).toContain(refund?.id);
    const shown = await admin('show', who.email);
    expect(shown.out).toMatch(
      /Changes by hand:\n.*\n.*\n.*refund +refund re_test_\w+ of 489\.00 USD asked of stripe/,
    );
    // Until Stripe confirms, the order is paid and the access runs.
    expect((await me(t, who)).stripeSubscriptionId).toBeDefined();

    // Asking again before the webhook changes nothing and asks Stripe nothing.
    const before = await adminSnapshot(t.database.db);
    const again = await admin('refund', who.email, '--reason', 'again');
    expect(again.code).toBe(2);
    expect(again.err).toMatch(
      /^A refund of order \S+ was already asked for on 2026-03-01; access ends when the provider confirms it\.$/,
    );
    expect(await adminSnapshot(t.database.db)).toBe(before);
    expect(refundRequests()).toHaveLength(1);

    const delivered = await deliverRefunded(refund?.id ?? '');
    expect(delivered.json()).toMatchObject({ outcome: 'revoked' });
    expect((await me(t, who)).stripeSubscriptionId).toBeUndefined();
    const course = await t.app.inject({
      method: 'GET',
      url: '/api/quizzes',
      headers: headers(who.jar),
    });
    expect(course.statusCode).toBe(403);
    const [after] = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', who.user._id)
      .execute();
    expect(after).toMatchObject({ status: 'refunded', revoked_at: clock.now().toISOString() });

    const late = await admin('refund', who.email, '--reason', 'once more');
    expect(late.code).toBe(2);
    expect(late.err).toMatch(/was already refunded on 2026-03-01\.$/);
  });

  it('reports a refund Stripe refuses as bad input, changing nothing', async () => {
    const who = await paidLearner();
    // Refunded in Stripe's dashboard; its webhook has not arrived yet.
    const stripe = new Stripe(SECRET_KEY, { ...standIn.api, maxNetworkRetries: 0 });
    await stripe.refunds.create({ payment_intent: who.paymentIntent });
    const before = await adminSnapshot(t.database.db);
    const run = await admin('refund', who.email, '--reason', 'duplicate');
    expect(run.code).toBe(2);
    expect(run.err).toMatch(
      /^Stripe refused the refund: Charge ch_\S+ has already been refunded\.$/,
    );
    expect(await adminSnapshot(t.database.db)).toBe(before);
  });
});
