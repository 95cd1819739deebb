import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../platform/clock.ts';
import { adminRunner, adminSnapshot, expectAdminRefused } from '../../testing/admin-helpers.ts';
import { headers, me, signIn, type Jar, type TestUser } from '../../testing/billing-helpers.ts';
import { createTestApp, testClock, type TestApp } from '../../testing/test-app.ts';

// The demo driver (no Stripe keys): a refund is simulated and ends access through billing's webhook
// code. admin.stripe.test.ts covers the stripe driver; admin.report.test.ts the figures.

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
async function newLearner(): Promise<{ jar: Jar; user: TestUser; email: string }> {
  n += 1;
  const email = `admin-learner${n}@example.com`;
  return { ...(await signIn(t, `Admin Learner ${n}`, email)), email };
}

/** A purchase through the demo checkout, as a learner makes it. */
async function buy(who: { jar: Jar; user: TestUser }): Promise<void> {
  const open = await t.app.inject({
    method: 'POST',
    url: '/create-checkout-session',
    headers: headers(who.jar),
    payload: { googleId: who.user.googleId },
  });
  const { id } = open.json<{ id: string }>();
  const pay = await t.app.inject({
    method: 'POST',
    url: `/api/demo-checkout/${id}/pay`,
    headers: headers(who.jar),
  });
  expect(pay.statusCode).toBe(200);
}

const accessOf = async (who: { jar: Jar; user: TestUser }) =>
  (await me(t, who)).stripeSubscriptionId;

const ordersOf = (userId: string) =>
  t.database.db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();

const auditRows = () => t.database.db.selectFrom('admin_audit').selectAll().orderBy('at').execute();

const expectRefused = (argv: string[], message: RegExp) =>
  expectAdminRefused(t.database.db, admin, argv, message);

describe('admin command line', () => {
  it('prints its help, and refuses unknown commands, options and stray words', async () => {
    const help = await admin('--help');
    expect(help.code).toBe(0);
    for (const command of ['learners', 'show', 'grant', 'extend', 'revoke', 'refund', 'report']) {
      expect(help.out).toContain(`  ${command}`);
    }
    expect(help.out).toContain('export orders --csv');
    expect((await admin()).out).toBe(help.out);
    await expectRefused(['launch'], /^Unknown command "launch"/);
    await expectRefused(['learners', '--colour'], /Unknown option '--colour'/);
    await expectRefused(['show'], /^show takes one word after it/);
    await expectRefused(['audit', '--days', '3'], /^audit does not take --days/);
    await expectRefused(['export', 'learners', '--csv'], /^Use "export orders --csv"/);
    await expectRefused(['export', 'orders'], /^Use "export orders --csv"/);
  });
});

describe('learners and show', () => {
  it('lists learners, searches by name or e-mail, and shows one with orders and progress', async () => {
    const a = await newLearner();
    await buy(a);
    const b = await newLearner();
    const all = await admin('learners');
    expect(all.code).toBe(0);
    expect(all.out).toContain(a.email);
    expect(all.out).toContain(b.email);
    const found = await admin('learners', '--search', b.email.toUpperCase());
    expect(found.out).toContain(b.email);
    expect(found.out).not.toContain(a.email);
    expect((await admin('learners', '--search', '100%_none')).out).toBe(
      'No learner matches "100%_none".',
    );

    const shown = await admin('show', a.email.toUpperCase());
    expect(shown.code).toBe(0);
    const [order] = await ordersOf(a.user._id);
    expect(shown.out).toContain(`Admin Learner ${n - 1} <${a.email}>`);
    expect(shown.out).toContain(order?.id);
    expect(shown.out).toContain(`Access:  until ${order?.access_ends_at?.slice(0, 10)}`);
    expect(shown.out).toMatch(/lessons opened\s+0 of \d+/);
    await expectRefused(
      ['show', 'nobody@example.com'],
      /^No learner has the e-mail "nobody@example.com"\.$/,
    );
  });
});

describe('grant, extend and revoke', () => {
  it('grants complimentary access as an order of its own kind, with its audit row', async () => {
    const who = await newLearner();
    expect(await accessOf(who)).toBeUndefined();
    const run = await admin('grant', who.email, '--days', '30', '--reason', 'Press review copy');
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain('complimentary access for 30 days, until 2026-03-31');
    const [order] = await ordersOf(who.user._id);
    expect(order).toMatchObject({
      kind: 'complimentary',
      provider: 'admin',
      status: 'paid',
      amount_cents: 0,
      access_ends_at: new Date(clock.now().getTime() + 30 * DAY_MS).toISOString(),
    });
    // The access rule is unchanged: the learner's course requests pass.
    expect(await accessOf(who)).toBe(order?.provider_session_id);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/quizzes',
      headers: headers(who.jar),
    });
    expect(status.statusCode).toBe(200);
    const audit = (await auditRows()).filter((r) => r.user_id === who.user._id);
    expect(audit).toEqual([
      expect.objectContaining({
        command: 'grant',
        system_user: 'seller',
        email: who.email,
        order_id: order?.id,
        reason: 'Press review copy',
        at: clock.now().toISOString(),
      }),
    ]);

    await expectRefused(
      ['grant', who.email, '--days', '5', '--reason', 'again'],
      /already has access until 2026-03-31; use extend\.$/,
    );
  });

  it('refuses bad days, a missing reason and an unknown e-mail, changing nothing', async () => {
    const who = await newLearner();
    const grant = (days: string) => ['grant', who.email, '--days', days, '--reason', 'gift'];
    await expectRefused(grant('0'), /^--days must be at least 1 \(got 0\)\.$/);
    await expectRefused(grant('-3'), /^--days must be at least 1 \(got -3\)\.$/);
    await expectRefused(grant('1.5'), /^--days must be a whole number of days, not "1\.5"\.$/);
    await expectRefused(grant('ten'), /^--days must be a whole number/);
    await expectRefused(grant('3651'), /^--days must be at most 3650/);
    await expectRefused(['grant', who.email, '--reason', 'gift'], /^--days is required/);
    await expectRefused(['grant', who.email, '--days', '3'], /^--reason is required/);
    await expectRefused(
      ['grant', who.email, '--days', '3', '--reason', '  '],
      /^--reason is required/,
    );
    await expectRefused(
      ['grant', 'ghost@example.com', '--days', '3', '--reason', 'gift'],
      /^No learner has the e-mail "ghost@example.com"\.$/,
    );
    await expectRefused(
      ['extend', 'ghost@example.com', '--days', '3', '--reason', 'x'],
      /^No learner has the e-mail "ghost@example.com"\.$/,
    );
    await expectRefused(
      ['revoke', 'ghost@example.com', '--reason', 'x'],
      /^No learner has the e-mail "ghost@example.com"\.$/,
    );
    await expectRefused(
      ['extend', who.email, '--days', '3', '--reason', 'x'],
      /has no access to extend; use grant\.$/,
    );
    await expectRefused(['revoke', who.email, '--reason', 'x'], /has no access to revoke\.$/);
    expect(await accessOf(who)).toBeUndefined();
  });

  it('extends the running access and revokes it, each with its audit row', async () => {
    const who = await newLearner();
    await buy(who);
    const [bought] = await ordersOf(who.user._id);
    const endsAt = bought?.access_ends_at ?? '';
    const extend = await admin(
      'extend',
      who.email,
      '--days',
      '14',
      '--reason',
      'Site was down a week',
    );
    expect(extend.code, extend.err).toBe(0);
    const moved = new Date(new Date(endsAt).getTime() + 14 * DAY_MS).toISOString();
    expect((await ordersOf(who.user._id))[0]?.access_ends_at).toBe(moved);
    expect(extend.out).toContain(`${endsAt.slice(0, 10)} -> ${moved.slice(0, 10)} (+14 days)`);
    await expectRefused(
      ['extend', who.email, '--days', '-1', '--reason', 'x'],
      /^--days must be at least 1/,
    );

    const revoke = await admin('revoke', who.email, '--reason', 'Shared the account, twice');
    expect(revoke.code, revoke.err).toBe(0);
    const [after] = await ordersOf(who.user._id);
    expect(after).toMatchObject({ status: 'paid', revoked_at: clock.now().toISOString() });
    expect(after?.revoke_reason).toBe('revoked by seller: Shared the account, twice');
    expect(await accessOf(who)).toBeUndefined();
    // The server's one-second access memo has passed: course requests are refused.
    clock.advance(2_000);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/quizzes',
      headers: headers(who.jar),
    });
    expect(status.statusCode).toBe(403);
    const commands = (await auditRows())
      .filter((r) => r.user_id === who.user._id)
      .map((r) => r.command);
    expect(commands).toEqual(['extend', 'revoke']);
    await expectRefused(['revoke', who.email, '--reason', 'again'], /has no access to revoke\.$/);
  });

  it('writes a change and its audit row in one transaction: a failure after both keeps neither', async () => {
    const who = await newLearner();
    const failing = adminRunner(t.database.db, {
      clock,
      wrap: (deps) => ({
        ...deps,
        transaction: (work) =>
          deps.transaction(async (tx) => {
            await work(tx);
            throw new Error('the disk is full');
          }),
      }),
    });
    const before = await adminSnapshot(t.database.db);
    const run = await failing('grant', who.email, '--days', '3', '--reason', 'gift');
    expect(run).toMatchObject({ code: 1, err: 'admin: the disk is full' });
    expect(await adminSnapshot(t.database.db)).toBe(before);
    expect(await accessOf(who)).toBeUndefined();
  });
});

describe('refund (demo driver)', () => {
  it('refunds the paid order through the payments driver and ends access as the webhook does', async () => {
    const who = await newLearner();
    await buy(who);
    const [paid] = await ordersOf(who.user._id);
    const run = await admin('refund', who.email, '--reason', 'Asked within 14 days');
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(
      /^Refunded admin-learner\d+@example.com: refund demo_re_\S+ of 489\.00 USD \(demo\); access ended/,
    );
    const [order] = await ordersOf(who.user._id);
    // The webhook's own revocation: status, time and reason as a charge.refunded event leaves them.
    expect(order).toMatchObject({ status: 'refunded', revoked_at: clock.now().toISOString() });
    expect(order?.revoke_reason).toBe(
      `refunded in full (demo.charge.refunded demo_evt_refund_${paid?.id})`,
    );
    const event = await t.database.db
      .selectFrom('payment_events')
      .selectAll()
      .where('id', '=', `demo_evt_refund_${paid?.id}`)
      .executeTakeFirst();
    expect(event?.type).toBe('demo.charge.refunded');
    expect(await accessOf(who)).toBeUndefined();
    const [entry] = (await auditRows()).filter((r) => r.user_id === who.user._id);
    expect(entry).toMatchObject({
      command: 'refund',
      order_id: paid?.id,
      reason: 'Asked within 14 days',
    });

    await expectRefused(
      ['refund', who.email, '--reason', 'again'],
      new RegExp(`^Order ${paid?.id} of ${who.email} was already refunded on 2026-03-01\\.$`),
    );
  });

  it('refuses a refund with nothing paid to refund, changing nothing', async () => {
    const gifted = await newLearner();
    expect((await admin('grant', gifted.email, '--days', '10', '--reason', 'gift')).code).toBe(0);
    await expectRefused(
      ['refund', gifted.email, '--reason', 'x'],
      /has no paid order to refund\.$/,
    );
    await expectRefused(
      ['refund', 'ghost@example.com', '--reason', 'x'],
      /^No learner has the e-mail/,
    );
    const bought = await newLearner();
    await buy(bought);
    await expectRefused(['refund', bought.email], /^--reason is required/);
    expect(await accessOf(bought)).toBeDefined();
  });

  it('rolls the refund back with its audit row when the transaction fails', async () => {
    const who = await newLearner();
    await buy(who);
    const failing = adminRunner(t.database.db, {
      clock,
      wrap: (deps) => ({
        ...deps,
        transaction: (work) =>
          deps.transaction(async (tx) => {
            await work(tx);
            throw new Error('connection lost');
          }),
      }),
    });
    const before = await adminSnapshot(t.database.db);
    expect((await failing('refund', who.email, '--reason', 'x')).code).toBe(1);
    expect(await adminSnapshot(t.database.db)).toBe(before);
    expect(await accessOf(who)).toBeDefined();
  });
});

describe('export and audit', () => {
  it('exports every order as CSV and lists every change with who, what and why', async () => {
    const csv = await admin('export', 'orders', '--csv');
    expect(csv.code).toBe(0);
    const lines = csv.out.split('\r\n').filter(Boolean);
    const count = await t.database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(lines).toHaveLength(Number(count.n) + 1);
    expect(lines[0]).toBe(
      'order_id,email,kind,provider,status,amount,currency,created_at,paid_at,access_ends_at,revoked_at,revoke_reason,payment_intent_id,list_price,promo_code,promo_over_limit',
    );
    expect(csv.out).toMatch(/,complimentary,admin,paid,0\.00,USD,/);
    expect(csv.out).toMatch(/,purchase,demo,refunded,489\.00,USD,/);
    // A reason holding a comma is quoted, not split.
    expect(csv.out).toContain(',"revoked by seller: Shared the account, twice",');

    const audit = await admin('audit');
    expect(audit.code).toBe(0);
    const rows = await auditRows();
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const row of rows) {
      expect(audit.out).toContain(row.email);
      expect(audit.out).toContain(row.reason);
    }
    expect(audit.out.split('\n')[0]).toMatch(
      /^When \(UTC\)\s+System user\s+Command\s+Learner\s+What\s+Reason$/,
    );
  });
});
