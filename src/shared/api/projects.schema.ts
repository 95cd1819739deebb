import { z } from 'zod';
import { PROJECT_SLUG_PATTERN } from '#shared/content/project-schema.ts';
import { lessonExerciseSchema } from './lesson.schema.ts';

/*
 * The projects (issue 33, content/README.md "Projects"): programs grown in steps, each step checked
 * as an exercise is (its id is an exercise id: the Check, drafts and code history are the exercises').
 */

/** One project on the dashboard, with the signed-in subscriber's progress. */
export const projectSummarySchema = z.object({
  number: z.number().int().min(1),
  slug: z.string(),
  title: z.string(),
  /** Recommended after this module. */
  after: z.number().int().min(1),
  /** One sentence: what the finished program does. */
  summary: z.string(),
  stepCount: z.number().int().nonnegative(),
  /** Steps the server's check has passed. */
  stepsSolved: z.number().int().nonnegative(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

/** GET /api/projects */
export const projectListReplySchema = z.object({ projects: z.array(projectSummarySchema) });
export type ProjectListReply = z.infer<typeof projectListReplySchema>;

export const projectParamsSchema = z.object({
  slug: z
    .string()
    .max(64, 'must be at most 64 characters')
    .regex(PROJECT_SLUG_PATTERN, 'must be a project slug such as budget-tracker'),
});

/**
 * GET /api/projects/:slug: the project's page. Each step is an exercise; a later step's `starter` is
 * the step before's solution, what the step opens with when the learner has no code of their own.
 */
export const projectReplySchema = projectSummarySchema.omit({ stepsSolved: true }).extend({
  introHtml: z.string(),
  /** The name "Download the program" saves the main program as. */
  file: z.string(),
  steps: z.array(lessonExerciseSchema),
});
export type ProjectReply = z.infer<typeof projectReplySchema>;
