import { z } from 'zod';

/*
 * The learner's own data (issue 37, decision 0027): download it, end other sessions, delete the
 * account. GET /api/account/export answers the export document itself (a JSON download).
 */

/** GET /api/account/sessions and POST /api/account/sessions/end-others */
export const accountSessionsReplySchema = z.object({
  /** Live sessions on other devices and browsers (after end-others: how many were ended). */
  others: z.number().int().min(0),
});
export type AccountSessionsReply = z.infer<typeof accountSessionsReplySchema>;

/** POST /api/account/delete: the account's e-mail typed to confirm, and the certificate's fate. */
export const deleteAccountBodySchema = z.object({
  email: z.string().trim().min(1, 'is missing: type your e-mail address to confirm').max(320),
  certificate: z.enum(['keep', 'withdraw']),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

export const deleteAccountReplySchema = z.object({
  deleted: z.literal(true),
  /** Every session has ended: the client forgets the user and goes home. */
  signOut: z.literal(true),
});
export type DeleteAccountReply = z.infer<typeof deleteAccountReplySchema>;
