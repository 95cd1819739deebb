import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, MailKind, MailOutboxTable, MailStatus } from '../../db/schema.ts';

/** Longest error text kept on a row (the column's size). */
const ERROR_CHARS = 500;

export interface NewMail {
  dedupeKey: string;
  kind: MailKind;
  userId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  now: string;
}

export interface Recipient {
  email: string;
  name: string;
  anonymized: boolean;
}

/** An order whose access ends soon (or has just ended), with the person to tell. */
export interface EndingAccess {
  orderId: string;
  userId: string;
  email: string;
  name: string;
  accessEndsAt: string;
}

export type OutboxRow = Pick<
  MailOutboxTable,
  'id' | 'user_id' | 'to_address' | 'subject' | 'text_body' | 'html_body' | 'attempts' | 'kind'
>;

/** A mail as the seller's listing shows it (the admin command's `mail`): no bodies. */
export type OutboxListing = Pick<
  MailOutboxTable,
  'id' | 'kind' | 'to_address' | 'status' | 'attempts' | 'last_error' | 'created_at' | 'sent_at'
>;

/**
 * Queues a mail on `db`, which may be another feature's open transaction: the mail then commits or
 * rolls back with what caused it. A second mail with the same dedupe key changes nothing.
 * Returns whether this call queued it.
 */
export async function insertMail(db: Kysely<Database>, mail: NewMail): Promise<boolean> {
  const result = await db
    .insertInto('mail_outbox')
    .values({
      id: randomUUID(),
      dedupe_key: mail.dedupeKey,
      kind: mail.kind,
      user_id: mail.userId,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      status: 'pending',
      attempts: 0,
      next_attempt_at: mail.now,
      claimed_until: null,
      last_error: null,
      created_at: mail.now,
      sent_at: null,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * The recipient as `recipientOf` reads it, after waiting for any erasing of this person in flight:
 * erasing takes the same row lock first (the account owner's `lock`, decision 0027), so a mail
 * queued meanwhile is either seen and erased by it or sees the account anonymized. Without the wait,
 * on PostgreSQL a receipt could read the e-mail before the erasing committed and be written after
 * it had deleted the person's mails: their address kept on a mail to nobody (issue 37's race).
 */
export async function lockedRecipientOf(
  tx: Kysely<Database>,
  userId: string,
): Promise<Recipient | undefined> {
  // A write that changes nothing takes the row lock on both engines (no FOR UPDATE in SQLite).
  await tx
    .updateTable('users')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', userId)
    .execute();
  return recipientOf(tx, userId);
}

/**
 * Who a mail goes to. Read from the users table (the auth feature's) on the caller's connection, so
 * inside a transaction it sees what that transaction sees; an anonymized account gets no mail.
 */
export async function recipientOf(
  db: Kysely<Database>,
  userId: string,
): Promise<Recipient | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['email', 'name', 'anonymized_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row && { email: row.email, name: row.name, anonymized: row.anonymized_at !== null };
}

export function createOutboxRepo(db: Db) {
  return {
    insert: (mail: NewMail) => insertMail(db, mail),
    ...deliveryQueries(db),
    /**
     * Paid orders whose access ends in (from, to], told nothing of this `kind` yet, whose holder
     * has not been anonymized and has no other paid order lasting longer (who bought another year
     * needs no reminder).
     */
    endingAccess: (kind: MailKind, from: string, to: string) => endingAccess(db, kind, from, to),

    /**
     * The newest `limit` mails, of one status and to one address (any case) when given: where a
     * seller finds a mail that failed for good, without reading the logs.
     */
    list(filter: { status?: MailStatus; email?: string; limit: number }): Promise<OutboxListing[]> {
      let query = db
        .selectFrom('mail_outbox')
        .select([
          'id',
          'kind',
          'to_address',
          'status',
          'attempts',
          'last_error',
          'created_at',
          'sent_at',
        ]);
      if (filter.status) query = query.where('status', '=', filter.status);
      const email = filter.email?.trim().toLowerCase();
      if (email) query = query.where((eb) => eb(eb.fn('lower', ['to_address']), '=', email));
      return query
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(filter.limit)
        .execute();
    },

    /**
     * Deletes finished mails (sent, failed, canceled) created before `cutoff`: they hold a name and
     * an address, and once the order they speak of is long past no dedupe key is needed any more.
     */
    async deleteFinishedBefore(cutoff: string): Promise<number> {
      const result = await db
        .deleteFrom('mail_outbox')
        .where('status', 'in', ['sent', 'failed', 'canceled'])
        .where('created_at', '<', cutoff)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

/** The sender's queries: find due mail, claim one, record how its delivery went. */
function deliveryQueries(db: Db) {
  return {
    /** Ids of mails due now: pending ones whose time has come, and claims whose holder vanished. */
    async dueIds(now: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('mail_outbox')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
            eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<', now)]),
          ]),
        )
        .orderBy('next_attempt_at')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /**
     * Claims one due mail for this sender until `until`, counting the attempt. The WHERE clause
     * repeats the due condition, so of two senders that saw the same id only one claims it.
     */
    async claim(id: string, now: string, until: string): Promise<OutboxRow | undefined> {
      return (
        db
          .updateTable('mail_outbox')
          .set((eb) => ({
            status: 'sending',
            claimed_until: until,
            attempts: eb('attempts', '+', 1),
          }))
          .where('id', '=', id)
          .where((eb) =>
            eb.or([
              eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
              eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<', now)]),
            ]),
          )
          // RETURNING works on both SQLite (3.35+) and PostgreSQL: the claimed row in one statement.
          .returning([
            'id',
            'user_id',
            'to_address',
            'subject',
            'text_body',
            'html_body',
            'attempts',
            'kind',
          ])
          .executeTakeFirst()
      );
    },

    recipient: (userId: string) => recipientOf(db, userId),

    async markSent(id: string, at: string): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ status: 'sent', sent_at: at, claimed_until: null, last_error: null })
        .where('id', '=', id)
        .where('status', '=', 'sending')
        .execute();
    },

    /** Back to pending, to be tried again at `nextAttemptAt`. */
    async retryLater(id: string, nextAttemptAt: string, error: string): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({
          status: 'pending',
          next_attempt_at: nextAttemptAt,
          claimed_until: null,
          last_error: error.slice(0, ERROR_CHARS),
        })
        .where('id', '=', id)
        .where('status', '=', 'sending')
        .execute();
    },

    /** Ends a mail for good: failed (tries used up, or refused) or canceled (nobody to send to). */
    async finish(id: string, status: 'failed' | 'canceled', error: string): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ status, claimed_until: null, last_error: error.slice(0, ERROR_CHARS) })
        .where('id', '=', id)
        .where('status', '=', 'sending')
        .execute();
    },
  };
}

/**
 * Paid orders whose access ends in (from, to], told nothing of this `kind` yet, whose holder
 * has not been anonymized and has no other paid order lasting longer (who bought another year
 * needs no reminder). A revoked order (refund, dispute, or by hand) ended its access already: it
 * gets no reminder, and it does not count as the longer order either.
 */
async function endingAccess(
  db: Db,
  kind: MailKind,
  from: string,
  to: string,
): Promise<EndingAccess[]> {
  const rows = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select([
      'orders.id as orderId',
      'orders.user_id as userId',
      'orders.access_ends_at as accessEndsAt',
      'users.email as email',
      'users.name as name',
    ])
    .where('orders.status', '=', 'paid')
    .where('orders.revoked_at', 'is', null)
    .where('orders.access_ends_at', '>', from)
    .where('orders.access_ends_at', '<=', to)
    .where('users.anonymized_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('mail_outbox')
            .select(sql.lit(1).as('one'))
            .where(
              'mail_outbox.dedupe_key',
              '=',
              sql<string>`${`${kind}:`} || ${sql.ref('orders.id')}`,
            ),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('orders as later')
            .select(sql.lit(1).as('one'))
            .whereRef('later.user_id', '=', 'orders.user_id')
            .where('later.status', '=', 'paid')
            .where('later.revoked_at', 'is', null)
            .whereRef('later.access_ends_at', '>', 'orders.access_ends_at'),
        ),
      ),
    )
    .orderBy('orders.access_ends_at')
    .execute();
  return rows.map((r) => ({ ...r, accessEndsAt: r.accessEndsAt ?? to }));
}

export type OutboxRepo = ReturnType<typeof createOutboxRepo>;

/** The dedupe key of a mail about one order: one receipt, one reminder, one note per order. */
export function orderMailKey(kind: MailKind, orderId: string): string {
  return `${kind}:${orderId}`;
}
