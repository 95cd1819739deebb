import { z } from 'zod';

/**
 * GET /api/modules — the public outline of the 15 modules (SPEC 3 "Module"): what the pricing page's
 * module list and the home page's 'Curriculum Breakdown' show. Titles, descriptions and counts only;
 * lesson text, exercises and quizzes stay behind the subscriber check.
 */
export const publicModuleSchema = z.object({
  number: z.number().int().min(1),
  title: z.string(),
  description: z.string(),
  lessonCount: z.number().int().nonnegative(),
  quizCount: z.number().int().nonnegative(),
  handsOnQuestionsCount: z.number().int().nonnegative(),
});
export type PublicModule = z.infer<typeof publicModuleSchema>;

export const modulesReplySchema = z.array(publicModuleSchema);
export type ModulesReply = z.infer<typeof modulesReplySchema>;
