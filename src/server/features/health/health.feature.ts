import type { Db, DbEngine } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { App } from '../../platform/fastify.ts';
import { createReadiness, type Readiness } from '../../platform/readiness.ts';
import { createHealthRepo } from './health.repo.ts';
import { healthRoutes } from './health.routes.ts';

/**
 * GET /api/health: the process answers and so does its database (liveness).
 * GET /api/ready: also migrated and not shutting down (readiness, for a load balancer).
 */
export async function registerHealth(
  app: App,
  deps: { db: Db; engine: DbEngine; clock: Clock; readiness?: Readiness },
): Promise<void> {
  const readiness = deps.readiness ?? createReadiness();
  // However the app is closed (SIGTERM in main.ts, or a test), it stops being ready first.
  app.addHook('preClose', async () => readiness.markStopping());
  await app.register(healthRoutes, {
    repo: createHealthRepo(deps.db),
    engine: deps.engine,
    clock: deps.clock,
    readiness,
  });
}
