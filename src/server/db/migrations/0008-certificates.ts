import { sql, type Kysely } from 'kysely';

// A migration works on the database as it is at that point in history, not on today's table types.
type AnyDb = Kysely<unknown>;

/**
 * Server-checked exercises and certificates of completion (issue 21).
 *
 * `exercise_progress.verified_at`: when the server itself ran the exercise's check on the code and
 * it passed. Rows solved before this migration were the browser's word only and stay null, so they
 * count towards a certificate only after one more Check.
 *
 * `certificates`: one row per certificate a learner issued. `id` is the public, unguessable id of
 * /certificates/{id} (128 random bits, base64url); `name` is the name the learner chose to print.
 * A withdrawn or revoked certificate keeps its row, so its address says so instead of "not found",
 * but its name is blanked (features/certificates).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('exercise_progress').addColumn('verified_at', 'varchar(32)').execute();
  await db.schema
    .createTable('certificates')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('issued_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('withdrawn_at', 'varchar(32)')
    .addColumn('revoked_at', 'varchar(32)')
    .addColumn('revoked_reason', 'varchar(500)')
    .execute();
  // At most one current certificate per learner, even when two issue requests race.
  await db.schema
    .createIndex('certificates_one_current')
    .on('certificates')
    .column('user_id')
    .unique()
    .where(sql<boolean>`withdrawn_at is null and revoked_at is null`)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('certificates').execute();
  await db.schema.alterTable('exercise_progress').dropColumn('verified_at').execute();
}
