import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';

/** Quiz attempts, lesson visits and solved exercises of one user. */
export function createProgressRepo(db: Db) {
  return {
    async insertAttempt(row: {
      userId: string;
      quizId: string;
      score: number;
      answers: readonly string[];
      createdAt: string;
    }): Promise<void> {
      await db
        .insertInto('quiz_attempts')
        .values({
          id: randomUUID(),
          user_id: row.userId,
          quiz_id: row.quizId,
          score: row.score,
          answers: JSON.stringify(row.answers),
          created_at: row.createdAt,
        })
        .execute();
    },

    async bestScore(userId: string, quizId: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('quiz_attempts')
        .select((eb) => eb.fn.max('score').as('best'))
        .where('user_id', '=', userId)
        .where('quiz_id', '=', quizId)
        .executeTakeFirst();
      return row?.best == null ? undefined : Number(row.best);
    },

    /** Best score per quiz tried, oldest first try first. */
    async bestScores(userId: string): Promise<{ quizId: string; bestScore: number }[]> {
      const rows = await db
        .selectFrom('quiz_attempts')
        .select((eb) => [
          'quiz_id',
          eb.fn.max('score').as('best'),
          eb.fn.min('created_at').as('first_at'),
        ])
        .where('user_id', '=', userId)
        .groupBy('quiz_id')
        .orderBy('first_at')
        .execute();
      return rows.map((r) => ({ quizId: r.quiz_id, bestScore: Number(r.best) }));
    },

    async recordLessonVisit(userId: string, moduleNumber: number, now: string): Promise<void> {
      await db
        .insertInto('lesson_visits')
        .values({
          user_id: userId,
          module_number: moduleNumber,
          first_visited_at: now,
          last_visited_at: now,
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'module_number']).doUpdateSet({ last_visited_at: now }),
        )
        .execute();
    },

    async lessonVisits(userId: string): Promise<{ moduleNumber: number; lastVisitedAt: string }[]> {
      const rows = await db
        .selectFrom('lesson_visits')
        .select(['module_number', 'last_visited_at'])
        .where('user_id', '=', userId)
        .execute();
      return rows.map((r) => ({
        moduleNumber: Number(r.module_number),
        lastVisitedAt: r.last_visited_at,
      }));
    },

    async solvedExercises(userId: string): Promise<{ exerciseId: string; solvedAt: string }[]> {
      const rows = await db
        .selectFrom('exercise_progress')
        .select(['exercise_id', 'solved_at'])
        .where('user_id', '=', userId)
        .where('solved_at', 'is not', null)
        .execute();
      return rows.flatMap((r) =>
        r.solved_at ? [{ exerciseId: r.exercise_id, solvedAt: r.solved_at }] : [],
      );
    },

    /** The time and quiz of the user's latest attempt, if any. */
    async latestAttempt(userId: string): Promise<{ quizId: string; at: string } | undefined> {
      const row = await db
        .selectFrom('quiz_attempts')
        .select(['quiz_id', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? { quizId: row.quiz_id, at: row.created_at } : undefined;
    },
  };
}
export type ProgressRepo = ReturnType<typeof createProgressRepo>;
