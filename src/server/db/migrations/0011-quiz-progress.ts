import type { Kysely } from 'kysely';

// A migration works on the database as it is at that point in history, not on today's table types.
type AnyDb = Kysely<unknown>;

/**
 * Issue 35 (decision 0037): the place a learner has reached in a quiz they have not submitted yet,
 * one row per learner and quiz, so Back, a reload or another device returns them to it. The answers
 * are a JSON array of chosen answer texts by question index ('' for none yet). Submitting the quiz
 * deletes the row; erasing the account deletes it with the user (and the privacy feature says so).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('quiz_progress')
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('quiz_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('question_index', 'integer', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('quiz_progress_pk', ['user_id', 'quiz_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('quiz_progress').execute();
}
