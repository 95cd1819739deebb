import { progressReplySchema } from '#shared/api/progress.schema.ts';
import type { RoutesPlugin } from '../../platform/fastify.ts';
import type { AccessHooks } from '../access/access.hooks.ts';
import type { ProgressService } from './progress.service.ts';
import { errorReplySchema as errorReply } from '#shared/api/error.schema.ts';

export const progressRoutes: RoutesPlugin<{
  progress: ProgressService;
  hooks: AccessHooks;
}> = async (app, deps) => {
  app.get(
    '/api/progress',
    {
      preHandler: deps.hooks.requireSubscriber,
      schema: {
        summary: "The signed-in subscriber's progress per module and where to continue",
        tags: ['progress'],
        response: { 200: progressReplySchema, 401: errorReply, 403: errorReply },
      },
    },
    async (request) => deps.progress.summary(request.user.id),
  );
};
