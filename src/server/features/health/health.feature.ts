import type { Db, DbEngine } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { App } from '../../platform/fastify.ts';
import { createHealthRepo } from './health.repo.ts';
import { healthRoutes } from './health.routes.ts';

/** GET /api/health: the process answers and so does its database. */
export async function registerHealth(
  app: App,
  deps: { db: Db; engine: DbEngine; clock: Clock },
): Promise<void> {
  await app.register(healthRoutes, {
    repo: createHealthRepo(deps.db),
    engine: deps.engine,
    clock: deps.clock,
  });
}
