import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { App } from '../../platform/fastify.ts';
import type { Sessions } from '../auth/sessions.ts';
import { createAccessHooks, documentAccessHooks, type AccessHooks } from './access.hooks.ts';
import { createAccessRepo } from './access.repo.ts';
import { accessRoutes } from './access.routes.ts';
import { createAccessService, type AccessService } from './access.service.ts';

export interface AccessFeature {
  /** What routes declare to say who may call them (`preHandler: hooks.requireSubscriber`). */
  hooks: AccessHooks;
  /** Whose access is active, and the memo to forget when it is revoked. */
  access: Pick<AccessService, 'active' | 'revoked'>;
}

/**
 * Who may open what: the hooks every protected route declares, and the two look-ups a page makes
 * on start (the signed-in user, their access end). Registered before any route that declares a
 * hook, so the OpenAPI document shows each protected route's security.
 */
export async function registerAccess(
  app: App,
  deps: { db: Db; clock: Clock; sessions: Sessions },
): Promise<AccessFeature> {
  const access = createAccessService({ repo: createAccessRepo(deps.db), clock: deps.clock });
  const hooks = createAccessHooks({ sessions: deps.sessions, access });
  documentAccessHooks(app, hooks);
  await app.register(accessRoutes, { access, hooks });
  return { hooks, access };
}
