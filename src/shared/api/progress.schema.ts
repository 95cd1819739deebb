import { z } from 'zod';

/** GET /api/progress — the signed-in subscriber's progress for the dashboard. */
export const moduleProgressSchema = z.object({
  number: z.number().int().min(1),
  lessonVisited: z.boolean(),
  exercisesSolved: z.number().int().nonnegative(),
  exerciseCount: z.number().int().nonnegative(),
  quizzesPassed: z.number().int().nonnegative(),
  quizCount: z.number().int().nonnegative(),
  /** Best score per quiz slug, for the quizzes tried at least once. */
  bestScores: z.record(z.string(), z.number().int().min(0).max(100)),
});
export type ModuleProgress = z.infer<typeof moduleProgressSchema>;

export const continueTargetSchema = z.object({
  /** A page path: a lesson or a quiz. */
  path: z.string(),
  label: z.string(),
});
export type ContinueTarget = z.infer<typeof continueTargetSchema>;

export const progressReplySchema = z.object({
  modules: z.array(moduleProgressSchema),
  /** Per project, its steps solved (checked by the server) out of its steps. */
  projects: z.array(
    z.object({
      number: z.number().int().min(1),
      slug: z.string(),
      stepsSolved: z.number().int().nonnegative(),
      stepCount: z.number().int().nonnegative(),
    }),
  ),
  /** Lessons visited + exercises solved + quizzes passed + project steps solved, out of all of them. */
  overall: z.object({
    done: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
    percent: z.number().int().min(0).max(100),
  }),
  /** Where to pick up: null before the first visit. */
  continue: continueTargetSchema.nullable(),
});
export type ProgressReply = z.infer<typeof progressReplySchema>;
