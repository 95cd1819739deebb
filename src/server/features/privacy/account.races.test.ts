import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { personalDataOwners } from '../../personal-data.ts';
import { adminRunner } from '../../testing/admin-helpers.ts';
import {
  deliverSigned,
  headers,
  signIn,
  stripeEvent,
  type Jar,
} from '../../testing/billing-helpers.ts';
import { leftovers } from '../../testing/personal-data.fixture.ts';
import { startStripeStandIn, type StripeStandIn } from '../../testing/stripe-stand-in.ts';
import { createTestApp, testClock, type TestApp } from '../../testing/test-app.ts';
import { createStripePayments } from '../billing/stripe.payments.ts';

/*
 * Issue 37's races and repeats, on the real app with the Stripe driver (real signatures, a local
 * stand-in for Stripe): a deletion while a checkout is open, with its webhook arriving after or at
 * the same moment; deleting twice; exporting with a deleted account's session. On SQLite, and on
 * PostgreSQL when TEST_DATABASE_URL is set (createTestApp picks the engine).
 */

const SECRET_KEY = 'sk_test_indent_races';
const WEBHOOK_SECRET = 'whsec_indent_races_secret';

let standIn: StripeStandIn;
let t: TestApp;
const clock = testClock();
beforeEach(() => clock.reset());

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
  t = await createTestApp({
    env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    deps: {
      clock,
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

let n = 0;
async function learner() {
  n += 1;
  const email = `race${n}@example.com`;
  const name = `Race Learner ${n}`;
  const { jar, user } = await signIn(t, name, email);
  return { jar, user, id: user._id, email, name };
}
type Learner = Awaited<ReturnType<typeof learner>>;

const post = (url: string, jar: Jar, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: headers(jar), ...(payload ? { payload } : {}) });
const get = (url: string, jar: Jar) => t.app.inject({ method: 'GET', url, headers: headers(jar) });

const deleteAccount = (who: Learner) =>
  post('/api/account/delete', who.jar, { email: who.email, certificate: 'keep' });

async function openCheckout(who: Learner): Promise<string> {
  const res = await post('/create-checkout-session', who.jar, { googleId: who.user.googleId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string }>().id;
}

/** Stripe's checkout.session.completed for a paid session, signed as Stripe signs it. */
const deliverPaid = (sessionId: string) =>
  deliverSigned(
    t,
    stripeEvent('checkout.session.completed', standIn.pay(sessionId)),
    WEBHOOK_SECRET,
  );

const orderOf = (sessionId: string) =>
  t.database.db
    .selectFrom('orders')
    .selectAll()
    .where('provider_session_id', '=', sessionId)
    .executeTakeFirstOrThrow();

const accountRow = (id: string) =>
  t.database.db
    .selectFrom('users')
    .select(['name', 'email', 'google_id', 'anonymized_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** What must hold once a deleted learner's payment has landed, whichever came first. */
async function expectPaidButNobodys(who: Learner, sessionId: string) {
  const account = await accountRow(who.id);
  expect(account.email).toBe('');
  expect(account.name).not.toBe(who.name);
  expect(account.anonymized_at).not.toBeNull();
  expect(account.google_id).not.toBe(who.user.googleId);
  // The order is kept (the money was taken), on the anonymized account.
  const order = await orderOf(sessionId);
  expect(order).toMatchObject({ user_id: who.id, status: 'paid' });
  expect(order.payment_intent_id).toBeTruthy();
  // Nothing about the person is left but the farewell mail: no receipt to their address.
  const mails = await t.database.db
    .selectFrom('mail_outbox')
    .select(['kind', 'to_address'])
    .where('user_id', '=', who.id)
    .execute();
  expect(mails).toEqual([{ kind: 'account_deleted', to_address: who.email }]);
  const left = await leftovers(t.database.db, personalDataOwners, who);
  expect(left.filter((l) => !l.startsWith('mail_outbox.'))).toEqual([]);
  // The old session is over, and the same Google account starts a new account without access.
  expect((await get('/api/quizzes', who.jar)).statusCode).toBe(401);
  const again = await signIn(t, who.name, who.email);
  expect(again.user._id).not.toBe(who.id);
  expect(again.user.stripeSubscriptionId).toBeUndefined();
  expect((await get('/api/quizzes', again.jar)).statusCode).toBe(403);
  // The seller sees the paid order, with no e-mail on it, and its payment id to refund it by.
  const csv = await adminRunner(t.database.db)('export', 'orders', '--csv');
  expect(csv.code, csv.err).toBe(0);
  const line = csv.out.split('\n').find((l) => l.startsWith(`${order.id},`));
  expect(line).toBeDefined();
  expect(line?.split(',').slice(1, 5)).toEqual(['', 'purchase', 'stripe', 'paid']);
  expect(line).toContain(String(order.payment_intent_id));
  expect(line).not.toContain(who.email);
}

describe('a deletion while a checkout is open', () => {
  it('then its webhook: the order is paid on the anonymized account, nobody gets access', async () => {
    const who = await learner();
    const sessionId = await openCheckout(who);
    const deleted = await deleteAccount(who);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const webhook = await deliverPaid(sessionId);
    expect(webhook.statusCode, webhook.body).toBe(200);
    await expectPaidButNobodys(who, sessionId);
  });

  it('with its webhook at the same moment: either order ends the same way', async () => {
    for (let round = 0; round < 5; round++) {
      const who = await learner();
      const sessionId = await openCheckout(who);
      const [deleted, webhook] = await Promise.all([deleteAccount(who), deliverPaid(sessionId)]);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(webhook.statusCode, webhook.body).toBe(200);
      await expectPaidButNobodys(who, sessionId);
    }
  });

  it('the success look-up with the deleted session grants nothing and answers 401', async () => {
    const who = await learner();
    const sessionId = await openCheckout(who);
    expect((await deleteAccount(who)).statusCode).toBe(200);
    standIn.pay(sessionId);
    const lookUp = await get(`/api/order/success?session_id=${sessionId}`, who.jar);
    expect(lookUp.statusCode).toBe(401);
    expect((await orderOf(sessionId)).status).toBe('pending');
  });
});

describe('repeats and a deleted session', () => {
  it('deleting twice: the second answers 401 and changes nothing; the farewell mail is one', async () => {
    const who = await learner();
    const [first, second] = await Promise.all([deleteAccount(who), deleteAccount(who)]);
    const statuses = [first.statusCode, second.statusCode].sort();
    // Both may pass the session check before either ends it; erasing twice is harmless.
    expect([
      [200, 200],
      [200, 401],
    ]).toContainEqual(statuses);
    const before = await accountRow(who.id);
    const third = await deleteAccount(who);
    expect(third.statusCode).toBe(401);
    expect(await accountRow(who.id)).toEqual(before);
    const mails = await t.database.db
      .selectFrom('mail_outbox')
      .select('kind')
      .where('user_id', '=', who.id)
      .execute();
    expect(mails).toEqual([{ kind: 'account_deleted' }]);
  });

  it("exporting with a deleted account's session answers 401 with no data", async () => {
    const who = await learner();
    expect((await deleteAccount(who)).statusCode).toBe(200);
    const res = await get('/api/account/export', who.jar);
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.body).not.toContain(who.email);
    expect((await get('/api/account/sessions', who.jar)).statusCode).toBe(401);
  });
});
