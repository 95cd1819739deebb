import type { Db } from '../../db/database.ts';

/** Lesson visits and solved exercises of one user. */
export function createProgressRepo(db: Db) {
  return {
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

    /** Every learner's lesson visits (the admin report's funnel). */
    async everyLessonVisit(): Promise<{ userId: string; moduleNumber: number; at: string }[]> {
      const rows = await db
        .selectFrom('lesson_visits')
        .select(['user_id', 'module_number', 'last_visited_at'])
        .execute();
      return rows.map((r) => ({
        userId: r.user_id,
        moduleNumber: Number(r.module_number),
        at: r.last_visited_at,
      }));
    },

    /** Every solved exercise of every learner (the admin report's funnel). */
    async everySolvedExercise(): Promise<{ userId: string; exerciseId: string; at: string }[]> {
      const rows = await db
        .selectFrom('exercise_progress')
        .select(['user_id', 'exercise_id', 'solved_at'])
        .where('solved_at', 'is not', null)
        .execute();
      return rows.flatMap((r) =>
        r.solved_at ? [{ userId: r.user_id, exerciseId: r.exercise_id, at: r.solved_at }] : [],
      );
    },
  };
}
export type ProgressRepo = ReturnType<typeof createProgressRepo>;
