import type { FastifyBaseLogger } from 'fastify';
import { CODE_HISTORY_LIMIT } from '#shared/api/code-history.schema.ts';
import type {
  ExerciseCheckBody,
  ExerciseCheckReply,
} from '#shared/api/exercise-progress.schema.ts';
import { timeOrderedId } from '../../db/time-ordered-id.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ExerciseChecker } from './exercise-checks.ts';
import type { CheckRecordsRepo } from './exercise-checks.repo.ts';
import { toDto, type ExerciseProgressService } from './exercise-progress.service.ts';

/** What a Check needs of the weekly rhythm: a passing Check makes today a study day. */
export interface SolvedExerciseRecorder {
  recordStudy(userId: string): Promise<void>;
}

const lineCount = (code: string) => (code === '' ? 0 : code.split('\n').length);

/**
 * One Check, one request (issue 30): the browser has shown its own verdict at once; the server runs
 * the exercise's check itself, stores the code, the solved state and the version with the server's
 * verdict in one transaction, and answers with that verdict. Solving is never undone: a later
 * failing Check keeps the exercise solved (exercise-progress.repo.ts keeps the first times).
 */
export function createExerciseCheckService(deps: {
  checker: ExerciseChecker;
  records: CheckRecordsRepo;
  progress: Pick<ExerciseProgressService, 'assertSavable'>;
  clock: Clock;
  /** A passing Check makes today a study day (the weekly rhythm). */
  studyDays: SolvedExerciseRecorder;
  log: Pick<FastifyBaseLogger, 'error'>;
}) {
  return {
    async check(
      userId: string,
      exerciseId: string,
      body: ExerciseCheckBody,
    ): Promise<ExerciseCheckReply> {
      await deps.progress.assertSavable(userId, exerciseId, body.code);
      const verdict = await deps.checker.verify(exerciseId, body.code);
      const now = deps.clock.now();
      const versionId = timeOrderedId(now.getTime());
      const saved = await deps.records.record({
        userId,
        exerciseId,
        code: body.code,
        passed: verdict.passed,
        versionId,
        now: now.toISOString(),
        keep: CODE_HISTORY_LIMIT,
      });
      if (verdict.passed) {
        // The Check is stored; a study day that cannot be written must not turn it into an error.
        await deps.studyDays.recordStudy(userId).catch((err: unknown) => {
          deps.log.error({ err, userId }, 'a passing Check could not be counted as a study day');
        });
      }
      return {
        passed: verdict.passed,
        message: verdict.message,
        progress: toDto(saved),
        version: {
          id: versionId,
          createdAt: now.toISOString(),
          passed: verdict.passed,
          lineCount: lineCount(body.code),
        },
      };
    },
  };
}
export type ExerciseCheckService = ReturnType<typeof createExerciseCheckService>;
