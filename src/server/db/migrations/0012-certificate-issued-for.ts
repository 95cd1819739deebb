import type { Kysely } from 'kysely';

// A migration works on the database as it is at that point in history, not on today's table types.
type AnyDb = Kysely<unknown>;

/**
 * Issue 33 (decision 0038): what a certificate was issued for. From now on a certificate needs the
 * course's projects as well as every exercise and quiz, and `issued_for` keeps, as JSON, the
 * exercises, quizzes and projects (title and one-line summary) it was issued for, as they were then,
 * so its public page says so even if the course changes later. Certificates issued before are null:
 * they stay valid, and their page says they were issued for every exercise and every quiz.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('certificates').addColumn('issued_for', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('certificates').dropColumn('issued_for').execute();
}
