import { z } from 'zod';
import { exerciseIdSchema } from './exercise-progress.schema.ts';

/** Code history (issue 20): each Check keeps that version of the code, the last 20 per exercise. */

export const CODE_HISTORY_LIMIT = 20;

export const codeHistoryParamsSchema = z.object({
  userId: z.string().min(1).max(255),
  exerciseId: exerciseIdSchema,
});

export const codeVersionParamsSchema = codeHistoryParamsSchema.extend({
  versionId: z.string().uuid('must be a version id'),
});

export const codeVersionSummarySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  passed: z.boolean(),
  lineCount: z.number().int().min(0),
});
export type CodeVersionSummary = z.infer<typeof codeVersionSummarySchema>;

/** GET /api/user/:userId/code-history/:exerciseId: newest first. */
export const codeHistoryReplySchema = z.object({ versions: z.array(codeVersionSummarySchema) });
export type CodeHistoryReply = z.infer<typeof codeHistoryReplySchema>;

/** GET /api/user/:userId/code-history/:exerciseId/:versionId */
export const codeVersionSchema = codeVersionSummarySchema.extend({ code: z.string() });
export type CodeVersion = z.infer<typeof codeVersionSchema>;
