import type { Db } from '../../db/database.ts';
import { addVersion } from './code-history.repo.ts';
import { createExerciseProgressRepo, type ProgressRow } from './exercise-progress.repo.ts';

/**
 * One Check, written at once (issue 30): the code as the latest saved, the solved state when the
 * server's check passed, and the version with the server's verdict in the code history. One
 * transaction, so the three never disagree.
 */
export function createCheckRecordsRepo(db: Db) {
  return {
    async record(row: {
      userId: string;
      exerciseId: string;
      code: string;
      /** The server's verdict. */
      passed: boolean;
      versionId: string;
      now: string;
      keep: number;
    }): Promise<ProgressRow> {
      return db.transaction().execute(async (tx) => {
        const saved = await createExerciseProgressRepo(tx).save({
          userId: row.userId,
          exerciseId: row.exerciseId,
          code: row.code,
          solvedAt: row.passed ? row.now : null,
          now: row.now,
        });
        await addVersion(
          tx,
          {
            id: row.versionId,
            userId: row.userId,
            exerciseId: row.exerciseId,
            code: row.code,
            passed: row.passed,
          },
          row.now,
          row.keep,
        );
        return saved;
      });
    },
  };
}
export type CheckRecordsRepo = ReturnType<typeof createCheckRecordsRepo>;
