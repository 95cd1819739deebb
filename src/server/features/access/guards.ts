import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema.ts';
import type { ActiveAccess } from './access.repo.ts';
import type { AccessService } from './access.service.ts';
import { forbidden, unauthorized } from '../../platform/errors.ts';
import type { Sessions } from '../auth/sessions.ts';

/**
 * The server side of SPEC 2's protected-route guard. Every protected endpoint decides from the
 * session, never from an id in the URL or body.
 */
export function createGuards(deps: { sessions: Sessions; access: AccessService }) {
  async function checkUser(request: FastifyRequest, reply: FastifyReply): Promise<UserRow> {
    const session = await deps.sessions.current(request, reply);
    if (!session) throw unauthorized('Please sign in to continue.');
    return session.user;
  }

  async function requireAccess(user: UserRow): Promise<{ user: UserRow; access: ActiveAccess }> {
    const access = await deps.access.activeRecently(user.id);
    if (!access) {
      throw forbidden(
        'Your course access is not active. Buy a year of access on the pricing page.',
        'no_access',
      );
    }
    return { user, access };
  }

  // The usual case, someone the guard confirmed in the last second, is answered from memory without
  // a chain of awaits: on a small endpoint those awaits cost more than the rest of the guard.
  return {
    user(request: FastifyRequest, reply: FastifyReply): Promise<UserRow> {
      const session = deps.sessions.rememberedNow(request);
      return session ? Promise.resolve(session.user) : checkUser(request, reply);
    },
    subscriber(
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<{ user: UserRow; access: ActiveAccess }> {
      const session = deps.sessions.rememberedNow(request);
      if (!session) return checkUser(request, reply).then(requireAccess);
      const access = deps.access.rememberedNow(session.user.id);
      return access ? Promise.resolve({ user: session.user, access }) : requireAccess(session.user);
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
