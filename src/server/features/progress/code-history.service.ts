import {
  type CodeHistoryReply,
  type CodeVersion,
  type CodeVersionSummary,
} from '#shared/api/code-history.schema.ts';
import { notFound } from '../../platform/errors.ts';
import type { CodeHistoryRepo, CodeVersionRow } from './code-history.repo.ts';

const lineCount = (code: string) => (code === '' ? 0 : code.split('\n').length);

function summaryOf(row: CodeVersionRow): CodeVersionSummary {
  return {
    id: row.id,
    createdAt: row.createdAt,
    passed: row.passed,
    lineCount: lineCount(row.code),
  };
}

/**
 * Each Check keeps its code (written with the Check, exercise-checks.repo.ts); the learner lists,
 * views and restores the last 20 per exercise.
 */
export function createCodeHistoryService(deps: {
  repo: CodeHistoryRepo;
  isExercise: (exerciseId: string) => boolean;
}) {
  const known = (exerciseId: string) => {
    if (!deps.isExercise(exerciseId)) {
      throw notFound(`There is no exercise "${exerciseId}" in the course.`);
    }
  };

  return {
    async list(userId: string, exerciseId: string): Promise<CodeHistoryReply> {
      known(exerciseId);
      return { versions: (await deps.repo.list(userId, exerciseId)).map(summaryOf) };
    },

    async version(userId: string, exerciseId: string, versionId: string): Promise<CodeVersion> {
      known(exerciseId);
      const row = await deps.repo.find(userId, exerciseId, versionId);
      // Another learner's version answers exactly like one that does not exist.
      if (!row) throw notFound('There is no such version in your history of this exercise.');
      return { ...summaryOf(row), code: row.code };
    },
  };
}
export type CodeHistoryService = ReturnType<typeof createCodeHistoryService>;
