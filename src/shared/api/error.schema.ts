import { z } from 'zod';

/** Every error answer of the API: `{ error: { code, message } }` (see src/server/platform/errors.ts). */
export const errorReplySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;
