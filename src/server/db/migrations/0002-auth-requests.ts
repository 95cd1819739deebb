import type { Kysely } from 'kysely';

// A migration works on the database as it is at that point in history, not on today's table types.
type AnyDb = Kysely<unknown>;

/**
 * Sign-in attempts in flight: what must survive the round trip to the identity provider (PKCE
 * verifier, nonce, where the user came from and the action to resume). Kept in the database, not in
 * process memory, so any instance can finish a sign-in another one started.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('auth_requests')
    .addColumn('state', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
    .addColumn('return_to', 'varchar(2048)')
    .addColumn('action', 'varchar(32)')
    .addColumn('dev_code', 'varchar(64)')
    .addColumn('dev_profile', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('auth_requests').execute();
}
