import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminRunner, expectAdminRefused } from '../../testing/admin-helpers.ts';
import { headers, signIn } from '../../testing/billing-helpers.ts';
import { createTestApp, testClock, type TestApp } from '../../testing/test-app.ts';

// The admin command's promotion codes with the demo driver (decision 0036);
// billing.stripe-promo.test.ts covers what codes create and end do at Stripe.

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

const expectRefused = (argv: string[], message: RegExp) =>
  expectAdminRefused(t.database.db, admin, argv, message);

const auditRows = () =>
  t.database.db.selectFrom('admin_audit').selectAll().orderBy('at').orderBy('id').execute();

describe('admin codes', () => {
  it('lists the codes commands in its help', async () => {
    const help = await admin('--help');
    expect(help.out).toContain('  codes create CODE (--percent N | --amount-off DOLLARS)');
    expect(help.out).toContain('  codes list');
    expect(help.out).toContain('  codes end CODE');
  });

  it('refuses bad input with one line and exit status 2, changing nothing', async () => {
    await expectRefused(['codes'], /takes 1 to 2 words/);
    await expectRefused(['codes', 'make', 'X'], /Use "codes create CODE"/);
    await expectRefused(['codes', 'create'], /Use "codes create CODE"/);
    await expectRefused(['codes', 'create', 'no way'], /is not a code/);
    await expectRefused(['codes', 'create', 'AB', '--percent', '5'], /is not a code/);
    // Stripe takes letters and digits only in a promotion code, so ours are the same everywhere.
    await expectRefused(['codes', 'create', 'SPRING-25', '--percent', '5'], /is not a code/);
    await expectRefused(
      ['codes', 'create', 'BOTH', '--percent', '5', '--amount-off', '5'],
      /exactly one/,
    );
    await expectRefused(['codes', 'create', 'NONE'], /exactly one/);
    await expectRefused(['codes', 'create', 'PCT', '--percent', '100'], /from 1 to 99/);
    await expectRefused(['codes', 'create', 'PCT', '--percent', '-5'], /whole number/);
    await expectRefused(['codes', 'create', 'PCT', '--percent', '2.5'], /whole number/);
    await expectRefused(['codes', 'create', 'AMT', '--amount-off', '489'], /less than the price/);
    await expectRefused(['codes', 'create', 'AMT', '--amount-off', '1.234'], /dollars like/);
    await expectRefused(
      ['codes', 'create', 'MAX', '--percent', '5', '--max', '0'],
      /--max must be from 1/,
    );
    await expectRefused(
      ['codes', 'create', 'EXP', '--percent', '5', '--expires', '2026-02-30'],
      /a date like/,
    );
    await expectRefused(
      ['codes', 'create', 'EXP', '--percent', '5', '--expires', '2026-02-28'],
      /already past/,
    );
    await expectRefused(['codes', 'list', '--percent', '5'], /takes no options/);
    await expectRefused(['codes', 'end', 'NOSUCH'], /There is no code NOSUCH/);
    await expectRefused(['codes', 'end', 'X1X', '--max', '3'], /does not take --max/);
    await expectRefused(['codes', 'list', '--days', '3'], /codes does not take --days/);
  });

  it('creates, lists and ends a code, each change with its audit row', async () => {
    const created = await admin(
      'codes',
      'create',
      'summer10',
      '--amount-off',
      '48.90',
      '--max',
      '3',
      '--expires',
      '2026-08-31',
      '--reason',
      'summer newsletter',
    );
    expect(created.code, created.err).toBe(0);
    expect(created.out).toBe(
      'Created SUMMER10: 48.90 USD off, at most 3 uses, through 2026-08-31, demo driver.',
    );
    await expectRefused(['codes', 'create', 'Summer10', '--percent', '5'], /already exists/);

    const who = await signIn(t, 'Code Buyer', 'code-buyer@example.com');
    const opened = await t.app.inject({
      method: 'POST',
      url: '/create-checkout-session',
      headers: headers(who.jar),
      payload: { googleId: who.user.googleId, promoCode: 'SUMMER10' },
    });
    const { id } = opened.json<{ id: string }>();
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/demo-checkout/${id}/pay`,
      headers: headers(who.jar),
    });
    expect(paid.statusCode).toBe(200);

    const list = await admin('codes', 'list');
    expect(list.out.split('\n')[0]).toMatch(
      /^CODE\s+DISCOUNT\s+USES\s+REMAINING\s+EXPIRES\s+STATUS\s+REVENUE$/,
    );
    expect(list.out).toMatch(
      /SUMMER10\s+48\.90 USD off\s+1\s+2\s+2026-08-31\s+active\s+440\.10 USD/,
    );

    const report = await admin('report');
    expect(report.out).toMatch(/Promotion codes \(sold orders\)/);
    expect(report.out).toMatch(/SUMMER10\s+1\s+48\.90 USD\s+440\.10 USD\s+-/);
    const csv = await admin('export', 'orders', '--csv');
    expect(csv.out).toMatch(/,440\.10,USD,.*,489\.00,SUMMER10,\r\n/);

    clock.advance(60_000);
    const ended = await admin('codes', 'end', 'summer10', '--reason', 'too popular');
    expect(ended.code, ended.err).toBe(0);
    expect(ended.out).toBe('Ended SUMMER10 (ended after 1 uses).');
    await expectRefused(['codes', 'end', 'SUMMER10'], /already ended/);
    expect((await admin('codes', 'list')).out).toMatch(/SUMMER10 .* ended 2026-03-01/);

    const rows = (await auditRows()).filter((r) => r.email === 'SUMMER10');
    expect(rows.map((r) => [r.command, r.reason, r.system_user, r.user_id])).toEqual([
      ['codes create', 'summer newsletter', 'seller', null],
      ['codes end', 'too popular', 'seller', null],
    ]);
    expect(rows[0]?.details).toBe('48.90 USD off, at most 3 uses, through 2026-08-31, demo driver');

    const noReason = await admin('codes', 'create', 'PLAIN', '--percent', '5');
    expect(noReason.code).toBe(0);
    expect((await auditRows()).find((r) => r.email === 'PLAIN')).toMatchObject({
      command: 'codes create',
      reason: 'no reason given',
    });
  });
});
