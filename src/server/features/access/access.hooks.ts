import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import type { ApiUser } from '#shared/api/user.schema.ts';
import type { UserRow } from '../../db/schema.ts';
import { forbidden, unauthorized } from '../../platform/errors.ts';
import { andThen, settle } from '../../platform/maybe-promise.ts';
import type { Sessions } from '../auth/sessions.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { toApiUser } from '../auth/user.presenter.ts';
import type { ActiveAccess } from './access.repo.ts';
import type { AccessService } from './access.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` and `requireSubscriber`; read only in routes that declare one of them. */
    user: UserRow;
    /** Set by `requireSubscriber`; read only in routes that declare it. */
    access: ActiveAccess;
  }
}

export type AccessHook = (
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
) => void;

/** The OpenAPI name of the session cookie, shown on every route that declares a hook below. */
export const SESSION_SECURITY = 'sessionCookie';
export const sessionSecurityScheme = {
  [SESSION_SECURITY]: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
} as const;

/**
 * The server side of SPEC 2's protected-route guard, as hooks that routes declare
 * (`preHandler: access.requireSubscriber`). Every protected endpoint decides from the session, never
 * from an id in the URL or body. Replies behind them depend on who asks, so none may be cached.
 */
export function createAccessHooks(deps: { sessions: Sessions; access: AccessService }) {
  const signedIn = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'private, no-store');
    return andThen(deps.sessions.resolve(request, reply), (session) => {
      if (!session) throw unauthorized('Please sign in to continue.');
      request.user = session.user;
      return session.user;
    });
  };

  const requireUser: AccessHook = (request, reply, done) => {
    settle(() => signedIn(request, reply), done);
  };

  const requireSubscriber: AccessHook = (request, reply, done) => {
    settle(
      () =>
        andThen(signedIn(request, reply), (user) =>
          andThen(deps.access.recent(user.id), (access) => {
            if (!access) {
              throw forbidden(
                'Your course access is not active. Buy a year of access on the pricing page.',
                'no_access',
              );
            }
            request.access = access;
          }),
        ),
      done,
    );
  };

  /**
   * For a page rather than an API call: the signed-in subscriber, as GET /api/user/:googleId
   * presents them, or undefined for anyone else (who gets the page everyone gets, and the app sends
   * them where SPEC 2 says). Like the hooks, it marks the reply as one no cache may keep.
   */
  const subscriberOf = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<ApiUser | undefined> => {
    reply.header('cache-control', 'private, no-store');
    const session = await deps.sessions.resolve(request, reply);
    if (!session) return undefined;
    const access = await deps.access.recent(session.user.id);
    return access ? toApiUser(session.user, access.providerSessionId) : undefined;
  };

  return { requireUser, requireSubscriber, subscriberOf };
}
export type AccessHooks = ReturnType<typeof createAccessHooks>;

/**
 * Adds the session-cookie security requirement to the OpenAPI description of every route that
 * declares one of the hooks, so the document cannot drift from what the server enforces.
 */
export function documentAccessHooks(app: FastifyInstance, hooks: AccessHooks): void {
  const guards: unknown[] = [hooks.requireUser, hooks.requireSubscriber];
  app.decorateRequest('user', null as unknown as UserRow);
  app.decorateRequest('access', null as unknown as ActiveAccess);
  app.addHook('onRoute', (route) => {
    const declared = [route.preHandler ?? []].flat();
    if (!declared.some((hook) => guards.includes(hook))) return;
    route.schema = { ...route.schema, security: [{ [SESSION_SECURITY]: [] }] };
  });
}

/** 403 unless the id in the request names the signed-in user (by internal id or Google id). */
export function assertSelf(user: UserRow, id: string): void {
  if (id !== user.id && id !== user.google_id) {
    throw forbidden('You can only access your own account.');
  }
}
