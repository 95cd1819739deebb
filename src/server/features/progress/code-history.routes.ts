import {
  codeHistoryParamsSchema,
  codeHistoryReplySchema,
  codeVersionParamsSchema,
  codeVersionSchema,
} from '#shared/api/code-history.schema.ts';
import { errorReplySchema as errorReply } from '#shared/api/error.schema.ts';
import type { RoutesPlugin } from '../../platform/fastify.ts';
import { assertSelf, type AccessHooks } from '../access/access.hooks.ts';
import type { CodeHistoryService } from './code-history.service.ts';

export interface CodeHistoryRoutesDeps {
  history: CodeHistoryService;
  hooks: AccessHooks;
}

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply };

export const codeHistoryRoutes: RoutesPlugin<CodeHistoryRoutesDeps> = async (app, deps) => {
  const preHandler = deps.hooks.requireSubscriber;

  app.get(
    '/api/user/:userId/code-history/:exerciseId',
    {
      preHandler,
      schema: {
        summary: 'The kept versions of an exercise, newest first, without their code (own account)',
        tags: ['progress'],
        params: codeHistoryParamsSchema,
        response: { 200: codeHistoryReplySchema, ...errors },
      },
    },
    async (request) => {
      assertSelf(request.user, request.params.userId);
      return deps.history.list(request.user.id, request.params.exerciseId);
    },
  );

  app.get(
    '/api/user/:userId/code-history/:exerciseId/:versionId',
    {
      preHandler,
      schema: {
        summary: 'One kept version with its code (own account)',
        tags: ['progress'],
        params: codeVersionParamsSchema,
        response: { 200: codeVersionSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, exerciseId, versionId } = request.params;
      assertSelf(request.user, userId);
      return deps.history.version(request.user.id, exerciseId, versionId);
    },
  );
};
