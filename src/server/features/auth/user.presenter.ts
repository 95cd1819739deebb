import type { ApiUser } from '#shared/api/user.schema.ts';
import type { UserRow } from '../../db/schema.ts';

/**
 * The user in the spec's shape. `stripeSubscriptionId` is the paid order's checkout id, given only
 * while access is active (the access feature decides that).
 */
export function toApiUser(user: UserRow, subscriptionId: string | undefined): ApiUser {
  return {
    _id: user.id,
    googleId: user.google_id,
    name: user.name,
    email: user.email,
    picture: user.picture,
    ...(subscriptionId ? { stripeSubscriptionId: subscriptionId } : {}),
  };
}
