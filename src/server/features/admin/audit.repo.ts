import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { AdminAuditTable } from '../../db/schema.ts';

export type AuditEntry = AdminAuditTable;
export type NewAuditEntry = Omit<AdminAuditTable, 'id'>;

/** The admin command's audit table (migration 0006): every change it made, oldest first. */
export function createAuditRepo(db: Db) {
  return {
    async insert(entry: NewAuditEntry): Promise<void> {
      await db
        .insertInto('admin_audit')
        .values({ id: randomUUID(), ...entry, reason: entry.reason.slice(0, 500) })
        .execute();
    },

    list(): Promise<AuditEntry[]> {
      return db.selectFrom('admin_audit').selectAll().orderBy('at').orderBy('id').execute();
    },

    /** The latest entry of a command about an order (a refund already asked for). */
    latestFor(command: string, orderId: string): Promise<AuditEntry | undefined> {
      return db
        .selectFrom('admin_audit')
        .selectAll()
        .where('command', '=', command)
        .where('order_id', '=', orderId)
        .orderBy('at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * Runs `work` in one transaction; it receives the transaction to bind every repo it uses to,
     * so a change and its audit row commit or roll back together.
     */
    transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(trx));
    },
  };
}
export type AuditRepo = ReturnType<typeof createAuditRepo>;
