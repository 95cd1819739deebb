import { progressReplySchema } from '#shared/api/progress.schema.ts';
import type { RoutesPlugin } from '../../platform/fastify.ts';
import type { Guards } from '../access/guards.ts';
import type { ProgressService } from './progress.service.ts';
import { errorReplySchema as errorReply } from '#shared/api/error.schema.ts';

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
