import type { Db } from '../../db/database.ts';

export interface StoredQuizProgress {
  quizId: string;
  index: number;
  answers: string[];
  updatedAt: string;
}

/** The `quiz_progress` table: one kept place per learner and quiz (migration 0011). */
export function createQuizProgressRepo(db: Db) {
  return {
    async find(userId: string, quizId: string): Promise<StoredQuizProgress | undefined> {
      const row = await db
        .selectFrom('quiz_progress')
        .select(['quiz_id', 'question_index', 'answers', 'updated_at'])
        .where('user_id', '=', userId)
        .where('quiz_id', '=', quizId)
        .executeTakeFirst();
      if (!row) return undefined;
      const answers: unknown = JSON.parse(row.answers);
      return {
        quizId: row.quiz_id,
        index: Number(row.question_index),
        // Written only by save() below, so always an array of strings; anything else reads as none.
        answers: Array.isArray(answers) ? answers.filter((a) => typeof a === 'string') : [],
        updatedAt: row.updated_at,
      };
    },

    /** One statement on both engines, so two tabs saving at once leave one row, the later one. */
    async save(userId: string, progress: StoredQuizProgress): Promise<void> {
      const values = {
        question_index: progress.index,
        answers: JSON.stringify(progress.answers),
        updated_at: progress.updatedAt,
      };
      await db
        .insertInto('quiz_progress')
        .values({ user_id: userId, quiz_id: progress.quizId, ...values })
        .onConflict((oc) => oc.columns(['user_id', 'quiz_id']).doUpdateSet(values))
        .execute();
    },

    async clear(userId: string, quizId: string): Promise<void> {
      // Looked up first: a delete takes the database's write lock even when there is nothing to
      // delete, and a submission with no kept place (one sent by the API, or a second submission)
      // would otherwise pay for a second write beside its attempt's (npm run bench).
      const kept = await db
        .selectFrom('quiz_progress')
        .select('quiz_id')
        .where('user_id', '=', userId)
        .where('quiz_id', '=', quizId)
        .executeTakeFirst();
      if (!kept) return;
      await db
        .deleteFrom('quiz_progress')
        .where('user_id', '=', userId)
        .where('quiz_id', '=', quizId)
        .execute();
    },
  };
}
export type QuizProgressRepo = ReturnType<typeof createQuizProgressRepo>;
