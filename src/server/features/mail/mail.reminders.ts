import type { FastifyBaseLogger } from 'fastify';
import { addDays, DAY_MS, type Clock } from '../../platform/clock.ts';
import { accessEndedMail, reminderMail } from './mail.templates.ts';
import { orderMailKey, type OutboxRepo } from './outbox.repo.ts';

/** When the reminder goes out, and how late a missed note on the last day may still be sent. */
export const REMINDER_DAYS = 14;
const ENDED_NOTE_GRACE_DAYS = 7;
/**
 * How long a finished mail is kept. Longer than any dedupe key matters (a reminder's order ends
 * within 14 days of it, and a note is never sent more than 7 days late), far shorter than the 12
 * months after which an account is anonymized, so no address outlives its account.
 */
export const FINISHED_MAIL_KEEP_DAYS = 90;

export interface ReminderReport {
  reminders: number;
  endedNotes: number;
  deleted: number;
}

/**
 * Queues the reminder 14 days before access ends and the note once it has ended, and deletes old
 * finished mail. Each reminder or note is one outbox
 * row per order (unique dedupe key), so any number of instances may run this at once: the first
 * insert claims the row and the others change nothing.
 */
export function createReminders(deps: {
  repo: OutboxRepo;
  clock: Clock;
  origin: string;
  log: FastifyBaseLogger;
}) {
  const { repo, clock, origin, log } = deps;
  return {
    async runOnce(): Promise<ReminderReport> {
      const now = clock.now();
      const nowIso = now.toISOString();
      let reminders = 0;
      // Access still running and ending within 14 days. One that has already ended gets the note
      // instead, never a late reminder.
      for (const due of await repo.endingAccess(
        'reminder',
        nowIso,
        addDays(now, REMINDER_DAYS).toISOString(),
      )) {
        const daysLeft = Math.ceil((Date.parse(due.accessEndsAt) - now.getTime()) / DAY_MS);
        const mail = reminderMail({ ...due, daysLeft }, origin);
        const queued = await repo.insert({
          dedupeKey: orderMailKey('reminder', due.orderId),
          kind: 'reminder',
          userId: due.userId,
          to: due.email,
          ...mail,
          now: nowIso,
        });
        if (queued) reminders += 1;
      }
      let endedNotes = 0;
      for (const due of await repo.endingAccess(
        'access_ended',
        addDays(now, -ENDED_NOTE_GRACE_DAYS).toISOString(),
        nowIso,
      )) {
        const mail = accessEndedMail(due, origin);
        const queued = await repo.insert({
          dedupeKey: orderMailKey('access_ended', due.orderId),
          kind: 'access_ended',
          userId: due.userId,
          to: due.email,
          ...mail,
          now: nowIso,
        });
        if (queued) endedNotes += 1;
      }
      const deleted = await repo.deleteFinishedBefore(
        addDays(now, -FINISHED_MAIL_KEEP_DAYS).toISOString(),
      );
      if (reminders || endedNotes || deleted) {
        log.info({ reminders, endedNotes, deleted }, 'mail: reminders queued, old mail deleted');
      }
      return { reminders, endedNotes, deleted };
    },
  };
}
export type Reminders = ReturnType<typeof createReminders>;
