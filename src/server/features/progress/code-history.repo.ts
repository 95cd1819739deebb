import type { Db } from '../../db/database.ts';

export interface CodeVersionRow {
  id: string;
  code: string;
  passed: boolean;
  createdAt: string;
}

/**
 * Keeps one Check's code and drops the learner's older versions of that exercise beyond the newest
 * `keep`. Runs on the caller's transaction (the Check records its version and the solved state in
 * one, exercise-checks.repo.ts).
 */
export async function addVersion(
  tx: Db,
  row: { id: string; userId: string; exerciseId: string; code: string; passed: boolean },
  at: string,
  keep: number,
): Promise<void> {
  await tx
    .insertInto('code_history')
    .values({
      id: row.id,
      user_id: row.userId,
      exercise_id: row.exerciseId,
      code: row.code,
      passed: row.passed ? 1 : 0,
      created_at: at,
    })
    .execute();
  // Ties on the time are broken by id, so the same rows are kept on both engines.
  const older = await tx
    .selectFrom('code_history')
    .select('id')
    .where('user_id', '=', row.userId)
    .where('exercise_id', '=', row.exerciseId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(keep)
    .limit(1000)
    .execute();
  if (older.length > 0) {
    await tx
      .deleteFrom('code_history')
      .where(
        'id',
        'in',
        older.map((r) => r.id),
      )
      .execute();
  }
}

/** code_history: one row per Check, trimmed to the newest `keep` per learner and exercise. */
export function createCodeHistoryRepo(db: Db) {
  return {
    /** Newest first, code included (at most `keep` rows, each at most the saved-code limit). */
    async list(userId: string, exerciseId: string): Promise<CodeVersionRow[]> {
      const rows = await db
        .selectFrom('code_history')
        .select(['id', 'code', 'passed', 'created_at'])
        .where('user_id', '=', userId)
        .where('exercise_id', '=', exerciseId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        code: r.code,
        passed: Number(r.passed) === 1,
        createdAt: r.created_at,
      }));
    },

    /** One version, only if it is this learner's version of this exercise. */
    async find(
      userId: string,
      exerciseId: string,
      id: string,
    ): Promise<CodeVersionRow | undefined> {
      const row = await db
        .selectFrom('code_history')
        .select(['id', 'code', 'passed', 'created_at'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('exercise_id', '=', exerciseId)
        .executeTakeFirst();
      return row
        ? {
            id: row.id,
            code: row.code,
            passed: Number(row.passed) === 1,
            createdAt: row.created_at,
          }
        : undefined;
    },
  };
}
export type CodeHistoryRepo = ReturnType<typeof createCodeHistoryRepo>;
