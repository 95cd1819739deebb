import {
  CODE_HISTORY_LIMIT,
  type CodeHistoryReply,
  type CodeVersion,
  type CodeVersionSummary,
  type RecordCheckBody,
} from '#shared/api/code-history.schema.ts';
import { MAX_SAVED_CODE_CHARS } from '#shared/api/exercise-progress.schema.ts';
import { timeOrderedId } from '../../db/time-ordered-id.ts';
import type { Clock } from '../../platform/clock.ts';
import { notFound, payloadTooLarge } from '../../platform/errors.ts';
import type { CodeHistoryRepo, CodeVersionRow } from './code-history.repo.ts';

/** What code history needs of the weekly rhythm: a passing Check makes today a study day. */
export interface SolvedExerciseRecorder {
  recordStudy(userId: string): Promise<void>;
}

const lineCount = (code: string) => (code === '' ? 0 : code.split('\n').length);

function summaryOf(row: CodeVersionRow): CodeVersionSummary {
  return {
    id: row.id,
    createdAt: row.createdAt,
    passed: row.passed,
    lineCount: lineCount(row.code),
  };
}

/** Each Check keeps its code; the learner lists, views and restores the last 20 per exercise. */
export function createCodeHistoryService(deps: {
  repo: CodeHistoryRepo;
  clock: Clock;
  isExercise: (exerciseId: string) => boolean;
  studyDays: SolvedExerciseRecorder;
}) {
  const known = (exerciseId: string) => {
    if (!deps.isExercise(exerciseId)) {
      throw notFound(`There is no exercise "${exerciseId}" in the course.`);
    }
  };

  return {
    async record(
      userId: string,
      exerciseId: string,
      body: RecordCheckBody,
    ): Promise<CodeVersionSummary> {
      known(exerciseId);
      if (body.code.length > MAX_SAVED_CODE_CHARS) {
        throw payloadTooLarge(
          `This version is ${body.code.length.toLocaleString('en-US')} characters long; we keep at ` +
            `most ${MAX_SAVED_CODE_CHARS.toLocaleString('en-US')}.`,
        );
      }
      const now = deps.clock.now();
      const row = {
        // Time-ordered (decision 0022): a Check adds its id at the end of the primary key's index,
        // not on a random page of it (one more page written per Check on a large table).
        id: timeOrderedId(now.getTime()),
        userId,
        exerciseId,
        code: body.code,
        passed: body.passed,
      };
      const createdAt = now.toISOString();
      await deps.repo.add(row, createdAt, CODE_HISTORY_LIMIT);
      if (body.passed) await deps.studyDays.recordStudy(userId);
      return summaryOf({ ...row, createdAt });
    },

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
