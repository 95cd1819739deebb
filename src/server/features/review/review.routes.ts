import { errorReplySchema as errorReply } from '#shared/api/error.schema.ts';
import {
  reviewAnswerBodySchema,
  reviewAnswerReplySchema,
  reviewQueueReplySchema,
  reviewUserParamsSchema,
} from '#shared/api/review.schema.ts';
import type { RoutesPlugin } from '../../platform/fastify.ts';
import { assertSelf, type AccessHooks } from '../access/access.hooks.ts';
import type { ReviewService } from './review.service.ts';

export interface ReviewRoutesDeps {
  review: ReviewService;
  hooks: AccessHooks;
}

const errors = { 400: errorReply, 401: errorReply, 403: errorReply };

export const reviewRoutes: RoutesPlugin<ReviewRoutesDeps> = async (app, deps) => {
  const preHandler = deps.hooks.requireSubscriber;

  app.get(
    '/api/user/:userId/review',
    {
      preHandler,
      schema: {
        summary: 'The missed quiz questions due for review, without answers (own account only)',
        tags: ['review'],
        params: reviewUserParamsSchema,
        response: { 200: reviewQueueReplySchema, ...errors },
      },
    },
    async (request) => {
      assertSelf(request.user, request.params.userId);
      return deps.review.queue(request.user.id);
    },
  );

  app.post(
    '/api/user/:userId/review/answers',
    {
      preHandler,
      schema: {
        summary: 'Grade one review answer on the server and schedule the question again',
        tags: ['review'],
        params: reviewUserParamsSchema,
        body: reviewAnswerBodySchema,
        response: { 200: reviewAnswerReplySchema, ...errors, 404: errorReply, 409: errorReply },
      },
    },
    async (request) => {
      assertSelf(request.user, request.params.userId);
      return deps.review.answer(request.user.id, request.body);
    },
  );
};
