import type { Kysely } from 'kysely';

// A migration works on the database as it is at that point in history, not on today's table types.
type AnyDb = Kysely<unknown>;

/**
 * The best score of a user on a quiz is MAX(score) over all their attempts. With score in the index
 * both engines read it from the end of one index range instead of scanning every attempt, so a
 * learner who retakes a quiz many times costs no more than one who took it once.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('quiz_attempts_user_quiz_score')
    .on('quiz_attempts')
    .columns(['user_id', 'quiz_id', 'score'])
    .execute();
  // The new index starts with the same two columns, so the old one only costs writes.
  await db.schema.dropIndex('quiz_attempts_user_quiz').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('quiz_attempts_user_quiz')
    .on('quiz_attempts')
    .columns(['user_id', 'quiz_id'])
    .execute();
  await db.schema.dropIndex('quiz_attempts_user_quiz_score').execute();
}
