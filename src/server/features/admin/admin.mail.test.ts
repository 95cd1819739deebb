import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminRunner, adminSnapshot } from '../../testing/admin-helpers.ts';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink.ts';
import { insertPerson, testClock } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { createMailSender, MAIL_RETRY, retryDelayMs } from '../mail/mail.sender.ts';
import { createSmtpTransport, type MailTransport } from '../mail/mail.transport.ts';
import { createOutboxRepo } from '../mail/outbox.repo.ts';

/*
 * `mail`: the outbox as the seller sees it (issue 25: a mail that keeps failing shows in the admin
 * command). The mails get their statuses the real way: the mail feature's sender delivers them to
 * an SMTP server on loopback that accepts some recipients and refuses others.
 */

let database: TestDatabase;
let sink: SmtpSink;
let transport: MailTransport;
const clock = testClock();
beforeEach(() => clock.reset());
let admin: ReturnType<typeof adminRunner>;

/** The seeded mails, newest last: one of each status the listing can show. */
const people = {
  sent: 'ada@example.com',
  failed: 'Bob.Busy@example.com',
  pending: 'cy@example.com',
  canceled: 'dan@example.com',
};

async function person(email: string): Promise<string> {
  const row = await insertPerson(database.db, {
    email,
    name: email.split('@')[0] ?? '',
    at: clock.now(),
  });
  return row.id;
}

async function queue(email: string): Promise<string> {
  const userId = await person(email);
  await createOutboxRepo(database.db).insert({
    dedupeKey: `receipt:${randomUUID()}`,
    kind: 'receipt',
    userId,
    to: email,
    subject: 'Your year of Indent',
    text: 'Thank you',
    html: '<p>Thank you</p>',
    now: clock.now().toISOString(),
  });
  return userId;
}

/** One mail per status, each queued a minute after the one before. */
async function seed(): Promise<void> {
  const sender = createMailSender({
    repo: createOutboxRepo(database.db),
    transport,
    from: 'Indent <hello@indent.test>',
    messageIdDomain: 'indent.test',
    clock,
    log: pino({ level: 'silent' }),
  });
  await queue(people.sent);
  expect((await sender.deliverDue()).sent).toBe(1);

  clock.advance(60_000);
  sink.refuse(people.failed, 451);
  await queue(people.failed);
  for (let attempt = 1; attempt <= MAIL_RETRY.maxAttempts; attempt += 1) {
    await sender.deliverDue();
    clock.advance(retryDelayMs(attempt));
  }

  sink.refuse(people.pending, 452);
  await queue(people.pending);
  expect((await sender.deliverDue()).retried).toBe(1);

  clock.advance(1_000);
  const gone = await queue(people.canceled);
  await database.db
    .updateTable('users')
    .set({ anonymized_at: clock.now().toISOString(), email: '' })
    .where('id', '=', gone)
    .execute();
  expect((await sender.deliverDue()).canceled).toBe(1);
}

beforeAll(async () => {
  database = await createTestDatabase();
  sink = await startSmtpSink();
  transport = createSmtpTransport({ host: '127.0.0.1', port: sink.port });
  admin = adminRunner(database.db, { clock });
  await seed();
});
afterAll(async () => {
  transport.close();
  await sink.close();
  await database.destroy();
});

const outbox = () =>
  database.db.selectFrom('mail_outbox').selectAll().orderBy('created_at', 'desc').execute();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The listing's rows without the header, its rule and the summary line. */
const rowsOf = (out: string) => out.split('\n').slice(2, -1);

describe('admin mail', () => {
  it('lists the outbox newest first, a mail that failed for good with its tries and error', async () => {
    const run = await admin('mail');
    expect(run.code, run.err).toBe(0);
    const lines = run.out.split('\n');
    expect(lines[0]).toMatch(
      /^Queued \(UTC\)\s+Kind\s+To\s+Status\s+Tries\s+Sent \(UTC\)\s+Last error$/,
    );
    const stored = await outbox();
    expect(stored.map((m) => m.status)).toEqual(['canceled', 'pending', 'failed', 'sent']);
    const rows = rowsOf(run.out);
    expect(rows).toHaveLength(4);
    rows.forEach((row, i) => {
      const mail = stored[i];
      expect(row).toContain(mail?.to_address);
      expect(
        row.startsWith(`${mail?.created_at.slice(0, 10)} ${mail?.created_at.slice(11, 16)}`),
      ).toBe(true);
    });

    const failed = stored.find((m) => m.status === 'failed');
    expect(failed?.attempts).toBe(MAIL_RETRY.maxAttempts);
    expect(failed?.last_error).toContain('451');
    expect(rows[2]).toMatch(
      new RegExp(`^\\S+ \\S+\\s+receipt\\s+${escape(people.failed)}\\s+failed\\s+8\\s+-\\s+.*451`),
    );
    expect(rows[2]).toContain(failed?.last_error?.replace(/\s+/g, ' ').trim());
    expect(rows[1]).toMatch(/\spending\s+1\s+-\s+.*452/);
    const sent = stored.find((m) => m.status === 'sent');
    expect(rows[3]).toMatch(/\ssent\s+1\s+\d{4}-\d\d-\d\d \d\d:\d\d\s+-$/);
    expect(rows[3]).toContain(`${sent?.sent_at?.slice(0, 10)} ${sent?.sent_at?.slice(11, 16)}`);
    expect(rows[0]).toMatch(/\scanceled\s+1\s+-\s+the account was anonymized or removed$/);
    expect(lines.at(-1)).toBe('4 mails: 1 failed, 1 pending, 1 sent, 1 canceled.');
  });

  it('filters by status, by address in any case, and by both', async () => {
    for (const [status, email] of Object.entries(people)) {
      const run = await admin('mail', '--status', status);
      expect(run.code, run.err).toBe(0);
      expect(rowsOf(run.out)).toEqual([expect.stringContaining(email)]);
      expect(run.out.split('\n').at(-1)).toBe(`1 mail: 1 ${status}.`);
    }
    const bob = await admin('mail', '--email', people.failed.toUpperCase());
    expect(rowsOf(bob.out)).toEqual([expect.stringMatching(/\sfailed\s/)]);
    expect((await admin('mail', '--email', people.failed, '--status', 'failed')).code).toBe(0);
    expect((await admin('mail', '--email', people.failed, '--status', 'sent')).out).toBe(
      'No mail matches.',
    );
    expect((await admin('mail', '--email', 'nobody@example.com')).out).toBe('No mail matches.');
    expect((await admin('mail', '--status', 'sending')).out).toBe('No mail matches.');
  });

  it('refuses a bad --status or --email with one line and exit status 2, changing nothing', async () => {
    const before = await adminSnapshot(database.db);
    const outboxBefore = JSON.stringify(await outbox());
    const refused = async (argv: string[], message: RegExp) => {
      const run = await admin(...argv);
      expect(run.code, run.err).toBe(2);
      expect(run.err).toMatch(message);
      expect(run.err).not.toContain('\n');
      expect(run.out).toBe('');
    };
    await refused(
      ['mail', '--status', 'lost'],
      /^--status must be one of failed, pending, sending, sent, canceled, not "lost"\.$/,
    );
    await refused(['mail', '--status', ''], /^--status must be one of/);
    await refused(['mail', '--status'], /argument missing/);
    await refused(['mail', '--email', ' '], /^--email needs an address/);
    await refused(['mail', 'failed'], /^mail takes nothing after it, not "failed"/);
    await refused(['mail', '--days', '3'], /^mail does not take --days/);
    expect(await adminSnapshot(database.db)).toBe(before);
    expect(JSON.stringify(await outbox())).toBe(outboxBefore);
  });

  it('is in the help', async () => {
    const help = await admin('--help');
    expect(help.out).toContain('  mail [--status STATUS] [--email EMAIL]');
    expect(help.out).toContain('STATUS is failed, pending,');
  });
});
