import type { ApiUser } from './user.schema.ts';

/**
 * Reads the user kept in localStorage (SPEC 3) without the validation library, which the first page
 * load should not have to download. The stored user is only a display cache; the app re-fetches it from
 * the server, through the full schema, right after start-up. Accepts exactly what apiUserSchema accepts
 * (stored-user.test.ts checks that), dropping unknown keys as it does.
 */
export function readStoredUser(value: unknown): ApiUser | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const text = (key: string) => typeof v[key] === 'string';
  if (!text('_id') || !text('googleId') || !text('name') || !text('email')) return null;
  if (v.picture !== null && typeof v.picture !== 'string') return null;
  if (v.stripeSubscriptionId !== undefined && typeof v.stripeSubscriptionId !== 'string')
    return null;
  const user: ApiUser = {
    _id: v._id as string,
    googleId: v.googleId as string,
    name: v.name as string,
    email: v.email as string,
    picture: v.picture as string | null,
  };
  if (typeof v.stripeSubscriptionId === 'string')
    user.stripeSubscriptionId = v.stripeSubscriptionId;
  return user;
}
