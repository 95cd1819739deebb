import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { personalDataOwners } from '../../personal-data.ts';
import { adminRunner, expectAdminRefused } from '../../testing/admin-helpers.ts';
import { leftovers, rowsWith, seedPersonEverywhere } from '../../testing/personal-data.fixture.ts';
import { createTestApp, testClock, type TestApp } from '../../testing/test-app.ts';

// export EMAIL and erase EMAIL: the learner's data through every owner (decision 0027).

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

const at = '2026-02-01T10:00:00.000Z';

const expectRefused = (argv: string[], message: RegExp) =>
  expectAdminRefused(t.database.db, admin, argv, message);

describe('admin export EMAIL', () => {
  it("prints one JSON document with a README and every owner's rows, and no payment ids", async () => {
    const person = await seedPersonEverywhere(t.database.db, 'exported', at);
    const run = await admin('export', person.email.toUpperCase());
    expect(run.code, run.err).toBe(0);
    const document = JSON.parse(run.out) as Record<string, unknown>;
    expect(document.README).toMatch(/^Everything Indent holds about you/);
    for (const key of [
      'profile',
      'sessions',
      'orders',
      'quiz_attempts',
      'exercise_progress',
      'lesson_visits',
      'code_history',
      'review_items',
      'study_goal',
      'study_days',
      'certificates',
      'mails',
      'changes_by_hand',
    ]) {
      const value = document[key];
      expect(Array.isArray(value) ? value.length : value, key).toBeTruthy();
    }
    expect(document.profile).toMatchObject({ email: person.email, name: person.name });
    expect(run.out).toContain('print(\\"exported\\")');
    expect(run.out).not.toContain('pi_exported');
    expect(run.out).not.toContain('cs_exported');
    expect(run.out).not.toContain('hash-exported');
  });

  it('refuses an unknown e-mail and a wrong form', async () => {
    await expectRefused(['export', 'nobody@example.com'], /^No learner has the e-mail/);
    await expectRefused(
      ['export', 'learners', '--csv'],
      /^Use "export orders --csv" or "export EMAIL"/,
    );
    await expectRefused(['export', 'orders'], /^Use "export orders --csv"/);
  });
});

describe('admin erase EMAIL', () => {
  it('erases through every owner in one transaction, with its audit row, and only once', async () => {
    const person = await seedPersonEverywhere(t.database.db, 'erased', at);
    const other = await seedPersonEverywhere(t.database.db, 'bystander', at);
    await expectRefused(['erase', person.email], /^--reason is required/);

    const run = await admin('erase', person.email, '--reason', 'Asked by e-mail on 1 March');
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain(`Erased the account of ${person.email}`);
    expect(await leftovers(t.database.db, personalDataOwners, person)).toEqual([]);
    expect(await leftovers(t.database.db, personalDataOwners, other)).not.toEqual([]);
    expect(await rowsWith(t.database.db, 'orders', 'user_id', person.id)).toBe(1);
    // The certificate stays public unless withdrawn.
    expect(await rowsWith(t.database.db, 'certificates', 'name', person.name)).toBe(1);
    const audit = await t.database.db
      .selectFrom('admin_audit')
      .selectAll()
      .where('command', '=', 'erase')
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        user_id: person.id,
        email: '',
        system_user: 'seller',
        reason: 'Asked by e-mail on 1 March',
        details: 'account erased, orders kept, certificate kept',
      }),
    ]);

    // Twice, or exporting the erased account: the e-mail is gone, one line, nothing changed.
    await expectRefused(['erase', person.email, '--reason', 'again'], /^No learner has the e-mail/);
    await expectRefused(['export', person.email], /^No learner has the e-mail/);
  });

  it('withdraws the public certificate when asked', async () => {
    const person = await seedPersonEverywhere(t.database.db, 'withdrawn', at);
    const run = await admin('erase', person.email, '--reason', 'Asked', '--withdraw-certificate');
    expect(run.code, run.err).toBe(0);
    const [certificate] = await t.database.db
      .selectFrom('certificates')
      .selectAll()
      .where('user_id', '=', person.id)
      .execute();
    expect(certificate).toMatchObject({ name: '', withdrawn_at: clock.now().toISOString() });
  });
});
