import { z } from 'zod';

/** Outbox ids are UUIDs; anything else is refused before it reaches the mail folder. */
export const devMailIdSchema = z.uuid({ message: 'must be a mail id such as the ones listed' });

/** One mail as the development driver stored it (development mail page). */
export const devMailSchema = z.object({
  id: z.string(),
  kind: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  sentAt: z.string(),
  text: z.string(),
  html: z.string(),
});
export type DevMail = z.infer<typeof devMailSchema>;

/** GET /api/dev-mail: the signed-in person's mails, newest first. */
export const devMailListReplySchema = z.object({ mails: z.array(devMailSchema) });
export type DevMailListReply = z.infer<typeof devMailListReplySchema>;
