import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, DAY_MS } from '../../platform/clock.ts';
import { logCollector } from '../../testing/billing-helpers.ts';
import { closedPort, startSmtpSink, type SmtpSink } from '../../testing/smtp-sink.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { grantPaidAccess, insertPerson, testClock } from '../../testing/test-app.ts';
import { createReminders, FINISHED_MAIL_KEEP_DAYS, REMINDER_DAYS } from './mail.reminders.ts';
import { createMailSender, MAIL_RETRY, retryDelayMs } from './mail.sender.ts';
import { createSmtpTransport, type MailTransport } from './mail.transport.ts';
import { createOutboxRepo, orderMailKey } from './outbox.repo.ts';

/*
 * The outbox, the sender and the reminder job on a real database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL) against a real SMTP server on loopback. No app runs here: each test drives the
 * jobs by hand, so nothing else delivers the rows it looks at.
 */

const ORIGIN = 'https://indent.test';
let database: TestDatabase;
let sink: SmtpSink;
const transports: MailTransport[] = [];
const clock = testClock();
const logs = logCollector();
const log = pino(logs.logger, logs.logger.stream);

beforeAll(async () => {
  database = await createTestDatabase();
  sink = await startSmtpSink();
});
afterAll(async () => {
  for (const transport of transports) transport.close();
  await sink.close();
  await database.destroy();
});
beforeEach(async () => {
  clock.reset();
  // Every test starts from an empty outbox and its own people.
  await database.db.deleteFrom('mail_outbox').execute();
  await database.db.deleteFrom('orders').execute();
});

function smtp(port: number): MailTransport {
  const transport = createSmtpTransport({ host: '127.0.0.1', port });
  transports.push(transport);
  return transport;
}

function sender(transport: MailTransport) {
  return createMailSender({
    repo: createOutboxRepo(database.db),
    transport,
    from: 'Indent <hello@indent.test>',
    messageIdDomain: 'indent.test',
    clock,
    log,
  });
}

/** One app instance's reminder job: its own repo on the shared database. */
const reminderJob = () =>
  createReminders({ repo: createOutboxRepo(database.db), clock, origin: ORIGIN, log });

const person = (email = `${randomUUID()}@example.com`) =>
  insertPerson(database.db, { email, at: clock.now() });

const paidOrder = (userId: string, paidAt: Date) => grantPaidAccess(database.db, userId, paidAt);

async function queueMail(userId: string, to: string) {
  await createOutboxRepo(database.db).insert({
    dedupeKey: `test:${randomUUID()}`,
    kind: 'receipt',
    userId,
    to,
    subject: 'A test mail',
    text: 'Hello',
    html: '<p>Hello</p>',
    now: clock.now().toISOString(),
  });
}

async function outbox() {
  return database.db.selectFrom('mail_outbox').selectAll().orderBy('created_at').execute();
}

const receivedBy = (address: string) => sink.received.filter((m) => m.to.includes(address));

describe('reminder job', () => {
  it('queues the reminder once at 14 days, not before and not twice, across two instances', async () => {
    const who = await person();
    const order = await paidOrder(who.id, clock.now());
    const dueAt = addDays(order.accessEndsAt, -REMINDER_DAYS);
    const [a, b] = [reminderJob(), reminderJob()];

    clock.set(new Date(dueAt.getTime() - 60_000));
    await Promise.all([a.runOnce(), b.runOnce()]);
    expect(await outbox()).toHaveLength(0);

    clock.set(dueAt);
    const reports = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    expect(reports.reduce((sum, r) => sum + r.reminders, 0)).toBe(1);
    clock.advance(3 * DAY_MS);
    await Promise.all([a.runOnce(), b.runOnce()]);
    const rows = await outbox();
    expect(rows.map((r) => [r.kind, r.dedupe_key, r.to_address])).toEqual([
      ['reminder', orderMailKey('reminder', order.id), who.email],
    ]);
    expect(rows[0]?.text_body).toContain('ends in 14 days, on March 1, 2027 (UTC)');
    expect(rows[0]?.text_body).toContain(`${ORIGIN}/pricing`);

    // Delivered once, however many senders try.
    await Promise.all([sender(smtp(sink.port)).deliverDue(), sender(smtp(sink.port)).deliverDue()]);
    expect(receivedBy(who.email)).toHaveLength(1);
    expect(receivedBy(who.email)[0]?.subject).toBe('Your Indent access ends on March 1, 2027');
  });

  it('sends the note on the day access ends, once, and no late reminder', async () => {
    const who = await person();
    const order = await paidOrder(who.id, clock.now());
    clock.set(order.accessEndsAt);
    const [a, b] = [reminderJob(), reminderJob()];
    const reports = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(reports.reduce((sum, r) => sum + r.endedNotes, 0)).toBe(1);
    expect(reports.reduce((sum, r) => sum + r.reminders, 0)).toBe(0);
    clock.advance(DAY_MS);
    await a.runOnce();
    const rows = await outbox();
    expect(rows.map((r) => r.kind)).toEqual(['access_ended']);
    expect(rows[0]?.text_body).toContain('Your account stays');
    expect(rows[0]?.text_body).toContain('certificate of completion, it stays valid');
    expect(rows[0]?.text_body).toContain(`Buy another year: ${ORIGIN}/pricing`);
  });

  it('says how many days are really left when the job runs late', async () => {
    const who = await person();
    const order = await paidOrder(who.id, clock.now());
    clock.set(addDays(order.accessEndsAt, -9));
    expect((await reminderJob().runOnce()).reminders).toBe(1);
    const [row] = await outbox();
    expect(row?.text_body).toContain('ends in 9 days, on March 1, 2027 (UTC)');
    expect(row?.text_body).not.toContain('14 days');
  });

  it('tells nothing to a learner whose order was revoked, and a revoked later order is no renewal', async () => {
    const revoked = await person();
    const order = await paidOrder(revoked.id, clock.now());
    const stillPaid = await person();
    const first = await paidOrder(stillPaid.id, clock.now());
    const refunded = await paidOrder(stillPaid.id, addDays(clock.now(), 300));
    for (const id of [order.id, refunded.id]) {
      await database.db
        .updateTable('orders')
        .set({ revoked_at: clock.now().toISOString(), revoke_reason: 'refund' })
        .where('id', '=', id)
        .execute();
    }
    clock.set(addDays(first.accessEndsAt, -REMINDER_DAYS));
    expect((await reminderJob().runOnce()).reminders).toBe(1);
    clock.set(first.accessEndsAt);
    expect((await reminderJob().runOnce()).endedNotes).toBe(1);
    const rows = await outbox();
    expect(rows.map((r) => [r.kind, r.to_address])).toEqual([
      ['reminder', stillPaid.email],
      ['access_ended', stillPaid.email],
    ]);
  });

  it('tells nobody who bought another year, and no anonymized account', async () => {
    const renewed = await person();
    const first = await paidOrder(renewed.id, clock.now());
    await paidOrder(renewed.id, addDays(clock.now(), 300));
    const gone = await person();
    await paidOrder(gone.id, clock.now());
    await database.db
      .updateTable('users')
      .set({ anonymized_at: clock.now().toISOString(), email: '' })
      .where('id', '=', gone.id)
      .execute();
    clock.set(addDays(first.accessEndsAt, -REMINDER_DAYS));
    expect(await reminderJob().runOnce()).toEqual({ reminders: 0, endedNotes: 0, deleted: 0 });
    clock.set(first.accessEndsAt);
    expect(await reminderJob().runOnce()).toEqual({ reminders: 0, endedNotes: 0, deleted: 0 });
  });
  it('deletes finished mail after 90 days, and keeps what is still waiting', async () => {
    const who = await person();
    await queueMail(who.id, who.email);
    await queueMail(who.id, who.email);
    await sender(smtp(sink.port)).deliverDue();
    await queueMail(who.id, who.email);
    clock.advance(FINISHED_MAIL_KEEP_DAYS * DAY_MS);
    expect((await reminderJob().runOnce()).deleted).toBe(0);
    clock.advance(1);
    expect((await reminderJob().runOnce()).deleted).toBe(2);
    // The unsent one (still pending: nothing was due since) stays.
    expect((await outbox()).map((r) => r.status)).toEqual(['pending']);
  });
});

describe('sender', () => {
  it('a mail server that is down delays mail and loses none: each delivered once when it is up', async () => {
    const port = await closedPort();
    const people = await Promise.all([person(), person(), person()]);
    for (const p of people) await queueMail(p.id, p.email);

    const down = await sender(smtp(port)).deliverDue();
    expect(down).toEqual({ sent: 0, retried: 3, failed: 0, canceled: 0 });
    const waiting = await outbox();
    expect(waiting.map((r) => [r.status, r.attempts])).toEqual(Array(3).fill(['pending', 1]));
    expect(waiting[0]?.next_attempt_at).toBe(
      new Date(clock.now().getTime() + retryDelayMs(1)).toISOString(),
    );
    // Not due yet: nothing is tried before its time.
    expect((await sender(smtp(port)).deliverDue()).retried).toBe(0);

    const up = await startSmtpSink({ port });
    try {
      clock.advance(retryDelayMs(1));
      const [x, y] = await Promise.all([
        sender(smtp(port)).deliverDue(),
        sender(smtp(port)).deliverDue(),
      ]);
      expect(x.sent + y.sent).toBe(3);
      await sender(smtp(port)).deliverDue();
      const rows = await outbox();
      expect(rows.map((r) => [r.status, r.attempts])).toEqual(Array(3).fill(['sent', 2]));
      for (const p of people) {
        const got = up.received.filter((m) => m.to.includes(p.email));
        expect(got).toHaveLength(1);
      }
      expect(new Set(up.received.map((m) => m.messageId)).size).toBe(3);
      expect(up.received[0]?.messageId).toMatch(/^<[0-9a-f-]{36}@indent\.test>$/);
    } finally {
      await up.close();
    }
  });

  it('a mail that keeps failing ends as failed after the bounded tries, logged as an error', async () => {
    const who = await person('always-busy@example.com');
    sink.refuse(who.email, 451);
    await queueMail(who.id, who.email);
    const send = sender(smtp(sink.port));
    for (let attempt = 1; attempt <= MAIL_RETRY.maxAttempts; attempt += 1) {
      const report = await send.deliverDue();
      expect(report).toMatchObject(
        attempt < MAIL_RETRY.maxAttempts ? { retried: 1, failed: 0 } : { retried: 0, failed: 1 },
      );
      clock.advance(retryDelayMs(attempt));
    }
    clock.advance(10 * DAY_MS);
    expect(await send.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0, canceled: 0 });
    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'failed', attempts: MAIL_RETRY.maxAttempts });
    expect(row?.last_error).toContain('451');
    expect(receivedBy(who.email)).toHaveLength(0);
    const failures = logs.lines.filter(
      (l) => l.msg === 'mail failed for good: it will not be sent' && l.mailId === row?.id,
    );
    expect(failures).toHaveLength(1);
    expect(failures[0]?.level).toBe(50);
  });

  it('a refusal for good (5xx) fails at once; an anonymized account is canceled, never sent', async () => {
    const refused = await person('no-such-mailbox@example.com');
    sink.refuse(refused.email, 550);
    await queueMail(refused.id, refused.email);
    const gone = await person();
    await queueMail(gone.id, gone.email);
    await database.db
      .updateTable('users')
      .set({ anonymized_at: clock.now().toISOString(), email: '' })
      .where('id', '=', gone.id)
      .execute();
    expect(await sender(smtp(sink.port)).deliverDue()).toEqual({
      sent: 0,
      retried: 0,
      failed: 1,
      canceled: 1,
    });
    expect(receivedBy(gone.email)).toHaveLength(0);
    const rows = await outbox();
    expect(rows.map((r) => r.status).sort()).toEqual(['canceled', 'failed']);
  });
});
