import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PersonalData } from './personal-data.service.ts';

/** Orders in these states gave access; their end (revocation or the year's end) starts the clock. */
const GAVE_ACCESS = ['paid', 'refunded', 'disputed'] as const;

/** How many accounts are made anonymous per transaction, so one run never holds the database long. */
const ACCOUNTS_PER_TRANSACTION = 200;

export function createRetentionRepo(db: Db, personalData: PersonalData) {
  return {
    /**
     * Accounts to make anonymous: not signed in since `cutoff`, no live session, and no access that
     * lasted past `cutoff` (an account that never paid counts from its last sign-in alone).
     */
    async inactiveAccounts(cutoff: string, now: string): Promise<string[]> {
      const rows = await db
        .selectFrom('users')
        .select('users.id')
        .where('users.anonymized_at', 'is', null)
        .where('users.updated_at', '<', cutoff)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('sessions')
                .select(sql.lit(1).as('one'))
                .whereRef('sessions.user_id', '=', 'users.id')
                .where('sessions.expires_at', '>', now),
            ),
          ),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('orders')
                .select(sql.lit(1).as('one'))
                .whereRef('orders.user_id', '=', 'users.id')
                .where('orders.status', 'in', GAVE_ACCESS)
                .where((eb) =>
                  eb(eb.fn.coalesce('orders.revoked_at', 'orders.access_ends_at'), '>=', cutoff),
                ),
            ),
          ),
        )
        .orderBy('users.id')
        .execute();
      return rows.map((r) => r.id);
    },

    /**
     * Erases these accounts through every owner of personal data (decision 0027): progress, saved
     * code and its history, review queue, study days, mails and sessions go; the account row stays
     * blanked (orders refer to it), and so do orders (7 years). Certificates the learner issued are
     * kept on purpose (decision 0015, privacy policy): they hold only the name the learner chose to
     * publish, and a shared address must keep working.
     */
    async anonymize(userIds: readonly string[], now: string): Promise<void> {
      for (let i = 0; i < userIds.length; i += ACCOUNTS_PER_TRANSACTION) {
        const ids = userIds.slice(i, i + ACCOUNTS_PER_TRANSACTION);
        await db
          .transaction()
          .execute((trx) => personalData.erase(trx, ids, { now, withdrawCertificate: false }));
      }
    },

    /** Order records (and the webhook events behind them) past the legal keeping period. */
    async deleteOrdersBefore(cutoff: string): Promise<{ orders: number; events: number }> {
      return db.transaction().execute(async (trx) => {
        const orders = await trx
          .deleteFrom('orders')
          .where('created_at', '<', cutoff)
          .executeTakeFirst();
        const events = await trx
          .deleteFrom('payment_events')
          .where('processed_at', '<', cutoff)
          .executeTakeFirst();
        return { orders: Number(orders.numDeletedRows), events: Number(events.numDeletedRows) };
      });
    },
  };
}
export type RetentionRepo = ReturnType<typeof createRetentionRepo>;
