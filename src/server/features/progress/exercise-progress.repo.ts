import type { Db } from '../../db/database.ts';

export interface ProgressRow {
  exerciseId: string;
  code: string;
  solvedAt: string | null;
  updatedAt: string;
}

/** The exercises whose solution the server itself checked (the certificate counts these). */
async function verifiedExerciseIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('exercise_progress')
    .select('exercise_id')
    .where('user_id', '=', userId)
    .where('verified_at', 'is not', null)
    .execute();
  return rows.map((r) => r.exercise_id);
}

export function createExerciseProgressRepo(db: Db) {
  return {
    async list(userId: string, idPrefix?: string): Promise<ProgressRow[]> {
      let query = db
        .selectFrom('exercise_progress')
        .select(['exercise_id', 'code', 'solved_at', 'updated_at'])
        .where('user_id', '=', userId);
      if (idPrefix) query = query.where('exercise_id', 'like', `${idPrefix}%`);
      const rows = await query.orderBy('exercise_id').execute();
      return rows.map((r) => ({
        exerciseId: r.exercise_id,
        code: r.code,
        solvedAt: r.solved_at,
        updatedAt: r.updated_at,
      }));
    },

    async count(userId: string): Promise<number> {
      const row = await db
        .selectFrom('exercise_progress')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async exists(userId: string, exerciseId: string): Promise<boolean> {
      const row = await db
        .selectFrom('exercise_progress')
        .select('exercise_id')
        .where('user_id', '=', userId)
        .where('exercise_id', '=', exerciseId)
        .executeTakeFirst();
      return row !== undefined;
    },

    verifiedExerciseIds: (userId: string) => verifiedExerciseIdsOf(db, userId),

    /**
     * Saves the latest code. `solvedAt` is given only by a Check the server's run passed
     * (exercise-checks.repo.ts), and marks the exercise solved and verified; once set, both times
     * are kept (solving is never undone).
     */
    async save(row: {
      userId: string;
      exerciseId: string;
      code: string;
      solvedAt: string | null;
      now: string;
    }): Promise<ProgressRow> {
      await db
        .insertInto('exercise_progress')
        .values({
          user_id: row.userId,
          exercise_id: row.exerciseId,
          code: row.code,
          solved_at: row.solvedAt,
          verified_at: row.solvedAt,
          updated_at: row.now,
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'exercise_id']).doUpdateSet((eb) => ({
            code: eb.ref('excluded.code'),
            solved_at: eb.fn.coalesce('exercise_progress.solved_at', 'excluded.solved_at'),
            verified_at: eb.fn.coalesce('exercise_progress.verified_at', 'excluded.verified_at'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
      const saved = await db
        .selectFrom('exercise_progress')
        .select(['exercise_id', 'code', 'solved_at', 'updated_at'])
        .where('user_id', '=', row.userId)
        .where('exercise_id', '=', row.exerciseId)
        .executeTakeFirstOrThrow();
      return {
        exerciseId: saved.exercise_id,
        code: saved.code,
        solvedAt: saved.solved_at,
        updatedAt: saved.updated_at,
      };
    },
  };
}
export type ExerciseProgressRepo = ReturnType<typeof createExerciseProgressRepo>;
