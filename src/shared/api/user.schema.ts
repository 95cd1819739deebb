import { z } from 'zod';

/** The user object of SPEC 3, as the API sends it and the client stores it under 'user'. */
export const apiUserSchema = z.object({
  _id: z.string(),
  googleId: z.string(),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  /** Present only while the user's paid access is active (SPEC 3: presence means a subscriber). */
  stripeSubscriptionId: z.string().optional(),
});
export type ApiUser = z.infer<typeof apiUserSchema>;

export const signInActionSchema = z.enum(['subscribe']);
export type SignInAction = z.infer<typeof signInActionSchema>;

/**
 * A path on our own site to return to after sign-in. Only local paths are accepted so that the
 * sign-in flow can never be used to send someone to another site.
 */
export const returnPathSchema = z
  .string()
  .max(2048)
  .regex(/^\/(?![/\\])[^\s]*$/, 'must be a path on this site, starting with a single /');

export const startSignInBodySchema = z.object({
  returnTo: returnPathSchema.optional(),
  action: signInActionSchema.optional(),
});

export const startSignInReplySchema = z.object({ url: z.string() });

export const exchangeCodeBodySchema = z.object({
  code: z.string().min(1, 'is missing').max(4096),
  state: z.string().min(1, 'is missing').max(128),
});

export const exchangeCodeReplySchema = z.object({
  user: apiUserSchema,
  returnTo: returnPathSchema.nullable(),
  action: signInActionSchema.nullable(),
});
export type ExchangeCodeReply = z.infer<typeof exchangeCodeReplySchema>;

export const devSignInBodySchema = z.object({
  state: z.string().min(1).max(128),
  name: z
    .string()
    .trim()
    .min(1, 'Please type a name')
    .max(100, 'Please use at most 100 characters'),
  email: z.email('Please type an e-mail address such as ada@example.com').max(320),
});

export const devSignInReplySchema = z.object({ redirect: z.string() });

export { firstName } from './user-name.ts';
