import { errorReplySchema as errorReply } from '#shared/api/error.schema.ts';
import {
  rhythmReplySchema,
  rhythmSettingsBodySchema,
  rhythmUserParamsSchema,
} from '#shared/api/rhythm.schema.ts';
import type { RoutesPlugin } from '../../platform/fastify.ts';
import { assertSelf, type AccessHooks } from '../access/access.hooks.ts';
import type { RhythmService } from './rhythm.service.ts';

export interface RhythmRoutesDeps {
  rhythm: RhythmService;
  hooks: AccessHooks;
}

const errors = { 400: errorReply, 401: errorReply, 403: errorReply };

export const rhythmRoutes: RoutesPlugin<RhythmRoutesDeps> = async (app, deps) => {
  const preHandler = deps.hooks.requireSubscriber;

  app.get(
    '/api/user/:userId/rhythm',
    {
      preHandler,
      schema: {
        summary: "This week's study days, the weekly goal and the streak of weeks (own account)",
        tags: ['rhythm'],
        params: rhythmUserParamsSchema,
        response: { 200: rhythmReplySchema, ...errors },
      },
    },
    async (request) => {
      assertSelf(request.user, request.params.userId);
      return deps.rhythm.summary(request.user.id);
    },
  );

  app.put(
    '/api/user/:userId/rhythm',
    {
      preHandler,
      schema: {
        summary: 'Set the weekly goal (1 to 7 days) and/or the IANA time zone (own account)',
        tags: ['rhythm'],
        params: rhythmUserParamsSchema,
        body: rhythmSettingsBodySchema,
        response: { 200: rhythmReplySchema, ...errors },
      },
    },
    async (request) => {
      assertSelf(request.user, request.params.userId);
      return deps.rhythm.update(request.user.id, request.body);
    },
  );
};
