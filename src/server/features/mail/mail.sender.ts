import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import { isPermanentFailure, type MailTransport } from './mail.transport.ts';
import type { OutboxRepo, OutboxRow } from './outbox.repo.ts';

/** How hard the sender tries. Eight tries with doubling waits span about two hours. */
export const MAIL_RETRY = {
  maxAttempts: 8,
  firstDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
  /** How long a claim lasts: a sender that dies mid-send frees its mail after this. */
  claimMs: 2 * 60_000,
  /** Mails taken per pass, so one pass never holds a sender for long. */
  batch: 20,
} as const;

export interface SenderReport {
  sent: number;
  retried: number;
  failed: number;
  canceled: number;
}

/** The wait before try `attempts + 1`: 1, 2, 4 ... minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAIL_RETRY.firstDelayMs * 2 ** Math.max(0, attempts - 1), MAIL_RETRY.maxDelayMs);
}

/**
 * Delivers due mail from the outbox. Each mail is claimed by one sender (a conditional update), so
 * several instances share the work without sending a mail twice; a failure puts the mail back with a
 * later time, and after `maxAttempts` (or a refusal for good) it is marked failed and logged as an
 * error, which is where an operator finds it.
 */
export function createMailSender(deps: {
  repo: OutboxRepo;
  transport: MailTransport;
  from: string;
  /** The right-hand side of Message-IDs: the site's host name. */
  messageIdDomain: string;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const { repo, clock, log } = deps;

  async function deliver(row: OutboxRow, report: SenderReport): Promise<void> {
    const recipient = await repo.recipient(row.user_id);
    // The mail confirming a deletion goes to the address it was queued for: the account is erased.
    const gone = !recipient || recipient.anonymized || !recipient.email;
    if (gone && row.kind !== 'account_deleted') {
      await repo.finish(row.id, 'canceled', 'the account was anonymized or removed');
      log.info({ mailId: row.id, kind: row.kind }, 'mail canceled: the account is gone');
      report.canceled += 1;
      return;
    }
    try {
      await deps.transport.send({
        id: row.id,
        userId: row.user_id,
        kind: row.kind,
        from: deps.from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        messageId: `<${row.id}@${deps.messageIdDomain}>`,
      });
    } catch (err) {
      await afterFailure(row, err, report);
      return;
    }
    await repo.markSent(row.id, clock.now().toISOString());
    log.info({ mailId: row.id, kind: row.kind, attempts: row.attempts }, 'mail sent');
    report.sent += 1;
  }

  async function afterFailure(row: OutboxRow, err: unknown, report: SenderReport): Promise<void> {
    const reason = err instanceof Error ? err.message : String(err);
    const context = { mailId: row.id, kind: row.kind, userId: row.user_id, attempts: row.attempts };
    if (isPermanentFailure(err) || row.attempts >= MAIL_RETRY.maxAttempts) {
      await repo.finish(row.id, 'failed', reason);
      log.error({ ...context, reason }, 'mail failed for good: it will not be sent');
      report.failed += 1;
      return;
    }
    const next = new Date(clock.now().getTime() + retryDelayMs(row.attempts)).toISOString();
    await repo.retryLater(row.id, next, reason);
    log.warn({ ...context, reason, nextAttemptAt: next }, 'mail not delivered: will try again');
    report.retried += 1;
  }

  return {
    /** One pass over the mail that is due now. */
    async deliverDue(): Promise<SenderReport> {
      const report: SenderReport = { sent: 0, retried: 0, failed: 0, canceled: 0 };
      const now = clock.now();
      const ids = await repo.dueIds(now.toISOString(), MAIL_RETRY.batch);
      for (const id of ids) {
        const claimedAt = clock.now();
        const row = await repo.claim(
          id,
          claimedAt.toISOString(),
          new Date(claimedAt.getTime() + MAIL_RETRY.claimMs).toISOString(),
        );
        // Another sender took it between our look and our claim.
        if (row) await deliver(row, report);
      }
      return report;
    },
  };
}
export type MailSender = ReturnType<typeof createMailSender>;
