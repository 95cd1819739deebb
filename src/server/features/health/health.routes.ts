import { z } from 'zod';
import type { DbEngine } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RoutesPlugin } from '../../platform/fastify.ts';
import type { HealthRepo } from './health.repo.ts';

const healthReply = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['sqlite', 'postgres']),
  time: z.string(),
});

export const healthRoutes: RoutesPlugin<{
  repo: HealthRepo;
  engine: DbEngine;
  clock: Clock;
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
};
