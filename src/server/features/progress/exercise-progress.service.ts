import {
  MAX_SAVED_CODE_CHARS,
  type ExerciseProgress,
  type SaveExerciseProgressBody,
} from '#shared/api/exercise-progress.schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound, payloadTooLarge } from '../../platform/errors.ts';
import type { ExerciseChecker } from './exercise-checks.ts';
import type { ExerciseProgressRepo, ProgressRow } from './exercise-progress.repo.ts';

/**
 * How many exercises one learner may have saved work for. The course has 61; the cap keeps a
 * misbehaving client from filling the table with made-up ids when the course list is not known.
 */
export const MAX_TRACKED_EXERCISES = 200;

export function toDto(row: ProgressRow): ExerciseProgress {
  return {
    exerciseId: row.exerciseId,
    code: row.code,
    solved: row.solvedAt !== null,
    solvedAt: row.solvedAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * The time the server verified a "solved" claim: the earlier verification when there is one (the
 * learner pressed Check again on a solved exercise), otherwise now, after the check passed here.
 * A claim whose code fails the check is refused (422) and nothing is written.
 */
async function verifiedClaim(
  deps: { repo: ExerciseProgressRepo; clock: Clock; checker: ExerciseChecker },
  userId: string,
  exerciseId: string,
  code: string,
): Promise<string> {
  const earlier = await deps.repo.verifiedAt(userId, exerciseId);
  if (earlier) return earlier;
  const verdict = await deps.checker.verify(exerciseId, code);
  if (!verdict.passed) {
    throw new AppError(
      422,
      'check_failed',
      `The server ran the check and it did not pass, so the exercise is not marked solved: ${verdict.message}`,
    );
  }
  return deps.clock.now().toISOString();
}

async function assertSavable(
  deps: { repo: ExerciseProgressRepo; isExercise?: ((exerciseId: string) => boolean) | undefined },
  userId: string,
  exerciseId: string,
  code: string,
): Promise<void> {
  if (deps.isExercise && !deps.isExercise(exerciseId)) {
    throw notFound(`There is no exercise "${exerciseId}" in the course.`);
  }
  if (code.length > MAX_SAVED_CODE_CHARS) {
    throw payloadTooLarge(
      `Your code is ${code.length.toLocaleString('en-US')} characters long; we save at most ` +
        `${MAX_SAVED_CODE_CHARS.toLocaleString('en-US')}. Shorten it and it will be saved again.`,
    );
  }
  if (
    !(await deps.repo.exists(userId, exerciseId)) &&
    (await deps.repo.count(userId)) >= MAX_TRACKED_EXERCISES
  ) {
    throw payloadTooLarge(
      `You already have saved work for ${MAX_TRACKED_EXERCISES} exercises, the most we keep.`,
    );
  }
}

export function createExerciseProgressService(deps: {
  repo: ExerciseProgressRepo;
  clock: Clock;
  /** Whether an id names an exercise of the course; every well-formed id when not given. */
  isExercise?: (exerciseId: string) => boolean;
  /** Runs the exercise's check on the server before a "solved" claim is recorded. */
  checker: ExerciseChecker;
}) {
  return {
    async list(userId: string, module?: number): Promise<ExerciseProgress[]> {
      const prefix = module === undefined ? undefined : `m${String(module).padStart(2, '0')}-`;
      return (await deps.repo.list(userId, prefix)).map(toDto);
    },

    /** Refuses code that cannot be saved (unknown exercise, too long, too many exercises). */
    assertSavable: (userId: string, exerciseId: string, code: string) =>
      assertSavable(deps, userId, exerciseId, code),

    async save(
      userId: string,
      exerciseId: string,
      body: SaveExerciseProgressBody,
    ): Promise<ExerciseProgress> {
      await assertSavable(deps, userId, exerciseId, body.code);
      // A draft (no claim) is saved at once; only a claim waits for the server's own check.
      const verifiedAt =
        body.solved === true ? await verifiedClaim(deps, userId, exerciseId, body.code) : null;
      const now = deps.clock.now().toISOString();
      const row = await deps.repo.save({
        userId,
        exerciseId,
        code: body.code,
        solvedAt: body.solved === true ? now : null,
        verifiedAt,
        now,
      });
      return toDto(row);
    },
  };
}
export type ExerciseProgressService = ReturnType<typeof createExerciseProgressService>;
