import type { Kysely } from 'kysely';

// A migration works on the database as it is at that point in history, not on today's table types.
type AnyDb = Kysely<unknown>;

/**
 * The admin command (features/admin, issue 23).
 *
 * - `orders.kind`: a complimentary grant given by hand is an order of its own kind ('complimentary',
 *   no money) beside bought ones ('purchase'), so the access rule (a paid, unrevoked order whose
 *   access has not ended) keeps working unchanged and reports can leave it out of sales. Every order
 *   so far was bought, hence the default.
 * - `admin_audit`: every change the command makes, written in the same transaction as the change:
 *   when, which system user ran it, the command, whom it concerned, what changed and the reason.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('purchase'))
    .execute();

  await db.schema
    .createTable('admin_audit')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .addColumn('system_user', 'varchar(255)', (c) => c.notNull())
    .addColumn('command', 'varchar(32)', (c) => c.notNull())
    // No foreign key: the record of what was done outlives the account it was done to.
    .addColumn('user_id', 'varchar(36)')
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('order_id', 'varchar(36)')
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_audit_at').on('admin_audit').column('at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('admin_audit').execute();
  await db.schema.alterTable('orders').dropColumn('kind').execute();
}
