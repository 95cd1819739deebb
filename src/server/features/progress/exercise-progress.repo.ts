import type { Db } from '../../db/database.ts';

export interface ProgressRow {
  exerciseId: string;
  code: string;
  solvedAt: string | null;
  updatedAt: string;
}

/** When the server last verified this exercise for this learner (undefined: never). */
async function verifiedAtOf(
  db: Db,
  userId: string,
  exerciseId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('exercise_progress')
    .select('verified_at')
    .where('user_id', '=', userId)
    .where('exercise_id', '=', exerciseId)
    .executeTakeFirst();
  return row?.verified_at ?? undefined;
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

    verifiedAt: (userId: string, exerciseId: string) => verifiedAtOf(db, userId, exerciseId),
    verifiedExerciseIds: (userId: string) => verifiedExerciseIdsOf(db, userId),

    /**
     * Saves the latest code; a solved time and a verified time, once set, are kept (solving is
     * never undone). `verifiedAt` is set only when the server ran the check and it passed.
     */
    async save(row: {
      userId: string;
      exerciseId: string;
      code: string;
      solvedAt: string | null;
      verifiedAt?: string | null;
      now: string;
    }): Promise<ProgressRow> {
      await db
        .insertInto('exercise_progress')
        .values({
          user_id: row.userId,
          exercise_id: row.exerciseId,
          code: row.code,
          solved_at: row.solvedAt,
          verified_at: row.verifiedAt ?? null,
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
