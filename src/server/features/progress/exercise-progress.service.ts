import {
  MAX_SAVED_CODE_CHARS,
  type ExerciseProgress,
  type SaveExerciseProgressBody,
} from '#shared/api/exercise-progress.schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { notFound, payloadTooLarge } from '../../platform/errors.ts';
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
}) {
  return {
    async list(userId: string, module?: number): Promise<ExerciseProgress[]> {
      const prefix = module === undefined ? undefined : `m${String(module).padStart(2, '0')}-`;
      return (await deps.repo.list(userId, prefix)).map(toDto);
    },

    /** Refuses code that cannot be saved (unknown exercise, too long, too many exercises). */
    assertSavable: (userId: string, exerciseId: string, code: string) =>
      assertSavable(deps, userId, exerciseId, code),

    /** A draft: the latest code, saved at once. Solving is a Check's (exercise-check.service.ts). */
    async save(
      userId: string,
      exerciseId: string,
      body: SaveExerciseProgressBody,
    ): Promise<ExerciseProgress> {
      await assertSavable(deps, userId, exerciseId, body.code);
      const now = deps.clock.now().toISOString();
      const row = await deps.repo.save({
        userId,
        exerciseId,
        code: body.code,
        solvedAt: null,
        now,
      });
      return toDto(row);
    },
  };
}
export type ExerciseProgressService = ReturnType<typeof createExerciseProgressService>;
