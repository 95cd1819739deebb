import { z } from 'zod';

/**
 * The learner's saved work on the course exercises (subscribers only, own data only). The code is
 * the latest the learner typed; `solved` becomes true the first time Check passes and stays true.
 */

/** Longest program we store: far beyond any exercise, small enough that a row stays cheap. */
export const MAX_SAVED_CODE_CHARS = 20_000;

/**
 * Exercise ids of the course (`m03-e2-fizzbuzz`: the module number is in the first part), and the
 * ids of the projects' steps (`p1-s2-totals`), which are checked, saved and kept as exercises are.
 */
export const exerciseIdSchema = z
  .string()
  .max(64, 'must be at most 64 characters')
  .regex(
    /^(m\d\d-e|p\d-s)\d+-[a-z0-9-]+$/,
    'must be an exercise id such as m03-e2-fizzbuzz, or a project step id such as p1-s2-totals',
  );

export const exerciseProgressSchema = z.object({
  exerciseId: z.string(),
  code: z.string(),
  solved: z.boolean(),
  solvedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type ExerciseProgress = z.infer<typeof exerciseProgressSchema>;

export const exerciseProgressQuerySchema = z.object({
  /** Only this module's exercises; all of them when left out. */
  module: z.coerce.number().int().min(1).max(15).optional(),
});

export const exerciseProgressListSchema = z.object({
  exercises: z.array(exerciseProgressSchema),
});
export type ExerciseProgressList = z.infer<typeof exerciseProgressListSchema>;

export const exerciseProgressParamsSchema = z.object({ exerciseId: exerciseIdSchema });

/**
 * PUT /api/exercise-progress/:exerciseId: a draft. It never solves an exercise: only a Check does
 * (below). A `solved` a device still sends from before issue 30 is dropped like any unknown key.
 */
export const saveExerciseProgressBodySchema = z.object({
  // The length limit is checked by the server so that it can answer 413 with a clear message.
  code: z.string(),
});
export type SaveExerciseProgressBody = z.infer<typeof saveExerciseProgressBodySchema>;

/**
 * POST /api/exercise-progress/:exerciseId/checks: one Check, sent once (issue 30). The server runs
 * the exercise's check itself and stores the code, the solved state and the version with its own
 * verdict; `browserPassed` is what the learner's page showed, so the page knows when to correct it.
 */
export const exerciseCheckBodySchema = z.object({
  // The length limit is checked by the server so that it can answer 413 with a clear message.
  code: z.string(),
  browserPassed: z.boolean(),
});
export type ExerciseCheckBody = z.infer<typeof exerciseCheckBodySchema>;

export const exerciseCheckReplySchema = z.object({
  /** The server's verdict, which decides; the page shows it where it differs from its own. */
  passed: z.boolean(),
  message: z.string(),
  progress: exerciseProgressSchema,
  version: z.object({
    id: z.string(),
    createdAt: z.string(),
    passed: z.boolean(),
    lineCount: z.number().int().min(0),
  }),
});
export type ExerciseCheckReply = z.infer<typeof exerciseCheckReplySchema>;
