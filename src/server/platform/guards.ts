import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.ts';
import type { ActiveAccess } from '../features/billing/access.repo.ts';
import type { AccessService } from '../features/billing/access.service.ts';
import { forbidden, unauthorized } from './errors.ts';
import type { Sessions } from './sessions.ts';

/**
 * The server side of SPEC 2's protected-route guard. Every protected endpoint decides from the
 * session, never from an id in the URL or body.
 */
export function createGuards(deps: { sessions: Sessions; access: AccessService }) {
  async function user(request: FastifyRequest, reply: FastifyReply): Promise<UserRow> {
    const session = await deps.sessions.current(request, reply);
    if (!session) throw unauthorized('Please sign in to continue.');
    return session.user;
  }

  return {
    user,
    async subscriber(
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<{ user: UserRow; access: ActiveAccess }> {
      const signedIn = await user(request, reply);
      const access = await deps.access.activeRecently(signedIn.id);
      if (!access) {
        throw forbidden(
          'Your course access is not active. Buy a year of access on the pricing page.',
          'no_access',
        );
      }
      return { user: signedIn, access };
    },
  };
}
export type Guards = ReturnType<typeof createGuards>;

/** 403 unless the id in the request names the signed-in user (by internal id or Google id). */
export function assertSelf(user: UserRow, id: string): void {
  if (id !== user.id && id !== user.google_id) {
    throw forbidden('You can only access your own account.');
  }
}
