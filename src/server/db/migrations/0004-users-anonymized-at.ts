import type { Kysely } from 'kysely';

// A migration works on the database as it is at that point in history, not on today's table types.
type AnyDb = Kysely<unknown>;

/**
 * When an account was made anonymous under the privacy policy's retention rule (features/privacy):
 * the row stays, because order records must outlive it, but nothing in it identifies a person.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('anonymized_at', 'varchar(32)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('anonymized_at').execute();
}
