import { z } from 'zod';
import type { DbEngine } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RoutesPlugin } from '../../platform/fastify.ts';
import type { Readiness } from '../../platform/readiness.ts';
import type { HealthRepo } from './health.repo.ts';

const healthReply = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['sqlite', 'postgres']),
  time: z.string(),
});

const readyReply = z.object({
  status: z.enum(['ready', 'not_ready']),
  /** Why not: the first unmet condition, so an operator reading the load balancer's log knows. */
  reason: z.enum(['stopping', 'migrations_pending', 'database_unreachable']).optional(),
});

export const healthRoutes: RoutesPlugin<{
  repo: HealthRepo;
  engine: DbEngine;
  clock: Clock;
  readiness: Readiness;
}> = async (app, deps) => {
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Liveness and database check',
        tags: ['platform'],
        response: { 200: healthReply, 503: healthReply },
      },
    },
    async (request, reply) => {
      const time = deps.clock.now().toISOString();
      try {
        await deps.repo.ping();
        return { status: 'ok' as const, database: deps.engine, time };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'error' as const, database: deps.engine, time });
      }
    },
  );

  app.get(
    '/api/ready',
    {
      schema: {
        summary: 'Readiness: migrated, database answering and not shutting down',
        tags: ['platform'],
        response: { 200: readyReply, 503: readyReply },
      },
    },
    async (request, reply) => {
      const notReady = (reason: z.infer<typeof readyReply>['reason']) =>
        reply.status(503).send({ status: 'not_ready' as const, reason });
      if (deps.readiness.stopping) return notReady('stopping');
      try {
        if (!(await deps.repo.migrated())) return notReady('migrations_pending');
        await deps.repo.ping();
      } catch (err) {
        request.log.warn({ err }, 'readiness check: database unreachable');
        return notReady('database_unreachable');
      }
      return { status: 'ready' as const };
    },
  );
};
