import type { Db } from '../../db/database.ts';

export interface ReviewItem {
  quizId: string;
  questionIndex: number;
  stage: number;
  dueAt: string;
}

/** The review queue (review_items): one row per missed question per learner. */
export function createReviewRepo(db: Db) {
  return {
    /** Puts questions into the queue at stage 0, or back to stage 0 if they were already in it. */
    async enqueue(
      userId: string,
      quizId: string,
      questionIndexes: readonly number[],
      at: { now: string; dueAt: string },
    ): Promise<void> {
      if (questionIndexes.length === 0) return;
      await db
        .insertInto('review_items')
        .values(
          questionIndexes.map((index) => ({
            user_id: userId,
            quiz_id: quizId,
            question_index: index,
            stage: 0,
            due_at: at.dueAt,
            created_at: at.now,
            updated_at: at.now,
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'quiz_id', 'question_index'])
            .doUpdateSet({ stage: 0, due_at: at.dueAt, updated_at: at.now }),
        )
        .execute();
    },

    /** The learner's whole queue, soonest due first (at most one row per question of the course). */
    async queue(userId: string): Promise<ReviewItem[]> {
      const rows = await db
        .selectFrom('review_items')
        .select(['quiz_id', 'question_index', 'stage', 'due_at'])
        .where('user_id', '=', userId)
        .orderBy('due_at')
        .orderBy('quiz_id')
        .orderBy('question_index')
        .execute();
      return rows.map((r) => ({
        quizId: r.quiz_id,
        questionIndex: Number(r.question_index),
        stage: Number(r.stage),
        dueAt: r.due_at,
      }));
    },

    async find(userId: string, quizId: string, questionIndex: number) {
      const row = await db
        .selectFrom('review_items')
        .select(['stage', 'due_at'])
        .where('user_id', '=', userId)
        .where('quiz_id', '=', quizId)
        .where('question_index', '=', questionIndex)
        .executeTakeFirst();
      return row ? { stage: Number(row.stage), dueAt: row.due_at } : undefined;
    },

    async reschedule(
      userId: string,
      key: { quizId: string; questionIndex: number },
      next: { stage: number; dueAt: string; now: string },
    ): Promise<void> {
      await db
        .updateTable('review_items')
        .set({ stage: next.stage, due_at: next.dueAt, updated_at: next.now })
        .where('user_id', '=', userId)
        .where('quiz_id', '=', key.quizId)
        .where('question_index', '=', key.questionIndex)
        .execute();
    },

    async remove(userId: string, key: { quizId: string; questionIndex: number }): Promise<void> {
      await db
        .deleteFrom('review_items')
        .where('user_id', '=', userId)
        .where('quiz_id', '=', key.quizId)
        .where('question_index', '=', key.questionIndex)
        .execute();
    },
  };
}
export type ReviewRepo = ReturnType<typeof createReviewRepo>;
