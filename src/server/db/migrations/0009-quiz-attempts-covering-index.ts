import type { Kysely } from 'kysely';

// A migration works on the database as it is at that point in history, not on today's table types.
type AnyDb = Kysely<unknown>;

/**
 * Issue 24 (decision 0022): the dashboard's quiz scores and progress read every attempt of the
 * learner for its quiz, score and time. Attempts arrive in time order, so on a database many
 * learners use, one learner's attempts lie on as many table pages as they have attempts, and each
 * was a page read beside the index. With the time in the index too, both read the index alone: a
 * few neighbouring pages per learner, whatever the size of the table. The best score of one quiz
 * (MAX(score), migration 0003) still reads the top of the (user, quiz) range.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('quiz_attempts_user_quiz_score_time')
    .on('quiz_attempts')
    .columns(['user_id', 'quiz_id', 'score', 'created_at'])
    .execute();
  // The new index starts with the same three columns, so the old one would only cost writes.
  await db.schema.dropIndex('quiz_attempts_user_quiz_score').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('quiz_attempts_user_quiz_score')
    .on('quiz_attempts')
    .columns(['user_id', 'quiz_id', 'score'])
    .execute();
  await db.schema.dropIndex('quiz_attempts_user_quiz_score_time').execute();
}
