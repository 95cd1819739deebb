import { z } from 'zod';
import { progressReplySchema } from '#shared/api/progress.schema.ts';
import type { RoutesPlugin } from '../../platform/fastify.ts';
import type { Guards } from '../../platform/guards.ts';
import type { ProgressService } from './progress.service.ts';

const errorReply = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export const progressRoutes: RoutesPlugin<{ progress: ProgressService; guards: Guards }> = async (
  app,
  deps,
) => {
  app.get(
    '/api/progress',
    {
      schema: {
        summary: "The signed-in subscriber's progress per module and where to continue",
        tags: ['progress'],
        response: { 200: progressReplySchema, 401: errorReply, 403: errorReply },
      },
    },
    async (request, reply) => {
      const { user } = await deps.guards.subscriber(request, reply);
      reply.header('Cache-Control', 'private, no-store');
      return deps.progress.summary(user.id);
    },
  );
};
