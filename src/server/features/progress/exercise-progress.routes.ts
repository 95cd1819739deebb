import {
  exerciseCheckBodySchema,
  exerciseCheckReplySchema,
  exerciseProgressListSchema,
  exerciseProgressParamsSchema,
  exerciseProgressQuerySchema,
  exerciseProgressSchema,
  saveExerciseProgressBodySchema,
} from '#shared/api/exercise-progress.schema.ts';
import type { RoutesPlugin } from '../../platform/fastify.ts';
import type { AccessHooks } from '../access/access.hooks.ts';
import type { ExerciseCheckService } from './exercise-check.service.ts';
import type { ExerciseProgressService } from './exercise-progress.service.ts';
import { errorReplySchema as errorReply } from '#shared/api/error.schema.ts';

export interface ExerciseProgressRoutesDeps {
  progress: ExerciseProgressService;
  checks: ExerciseCheckService;
  hooks: AccessHooks;
}

export const exerciseProgressRoutes: RoutesPlugin<ExerciseProgressRoutesDeps> = async (
  app,
  deps,
) => {
  const errors = { 400: errorReply, 401: errorReply, 403: errorReply };

  app.get(
    '/api/exercise-progress',
    {
      preHandler: deps.hooks.requireSubscriber,
      schema: {
        summary: "The signed-in subscriber's saved code and solved state per exercise",
        tags: ['progress'],
        querystring: exerciseProgressQuerySchema,
        response: { 200: exerciseProgressListSchema, ...errors },
      },
    },
    async (request) => ({
      exercises: await deps.progress.list(request.user.id, request.query.module),
    }),
  );

  app.put(
    '/api/exercise-progress/:exerciseId',
    {
      preHandler: deps.hooks.requireSubscriber,
      schema: {
        summary:
          "Save the signed-in subscriber's latest code for an exercise (a draft: only a Check can solve it)",
        tags: ['progress'],
        params: exerciseProgressParamsSchema,
        body: saveExerciseProgressBodySchema,
        response: {
          200: exerciseProgressSchema,
          ...errors,
          404: errorReply,
          413: errorReply,
        },
      },
    },
    async (request) => deps.progress.save(request.user.id, request.params.exerciseId, request.body),
  );

  app.post(
    '/api/exercise-progress/:exerciseId/checks',
    {
      preHandler: deps.hooks.requireSubscriber,
      schema: {
        summary:
          "One Check of the signed-in subscriber's code: the server runs the exercise's check and stores the code, the solved state (when it passes) and the version with its verdict, in one transaction",
        tags: ['progress'],
        params: exerciseProgressParamsSchema,
        body: exerciseCheckBodySchema,
        response: {
          200: exerciseCheckReplySchema,
          ...errors,
          404: errorReply,
          413: errorReply,
          503: errorReply,
        },
      },
    },
    async (request) => deps.checks.check(request.user.id, request.params.exerciseId, request.body),
  );
};
