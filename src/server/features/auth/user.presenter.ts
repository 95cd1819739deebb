import type { ApiUser } from '#shared/api/user.schema.ts';
import type { UserRow } from '../../db/schema.ts';
import type { ActiveAccess } from '../access/access.repo.ts';

/** The user in the spec's shape; `stripeSubscriptionId` only while access is active. */
export function toApiUser(user: UserRow, access: ActiveAccess | undefined): ApiUser {
  return {
    _id: user.id,
    googleId: user.google_id,
    name: user.name,
    email: user.email,
    picture: user.picture,
    ...(access ? { stripeSubscriptionId: access.providerSessionId } : {}),
  };
}
