import { errorReplySchema as errorReply } from '#shared/api/error.schema.ts';
import {
  quizProgressParamsSchema,
  quizProgressReplySchema,
  quizProgressSchema,
  saveQuizProgressBodySchema,
} from '#shared/api/quiz.schema.ts';
import type { RoutesPlugin } from '../../platform/fastify.ts';
import { assertSelf, type AccessHooks } from '../access/access.hooks.ts';
import type { QuizProgressService } from './quiz-progress.service.ts';

export interface QuizProgressRoutesDeps {
  progress: QuizProgressService;
  hooks: AccessHooks;
}

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply };

/** The place kept in a quiz not yet submitted (decision 0037): subscribers, own account only. */
export const quizProgressRoutes: RoutesPlugin<QuizProgressRoutesDeps> = async (app, deps) => {
  const preHandler = deps.hooks.requireSubscriber;
  const progressPath = '/api/user/:userId/quiz-progress/:quizId';

  app.get(
    progressPath,
    {
      preHandler,
      schema: {
        summary: 'The place kept in a quiz not yet submitted, or null (own account only)',
        tags: ['quizzes'],
        params: quizProgressParamsSchema,
        response: { 200: quizProgressReplySchema, ...errors },
      },
    },
    async (request) => {
      assertSelf(request.user, request.params.userId);
      return { progress: await deps.progress.find(request.user.id, request.params.quizId) };
    },
  );

  app.put(
    progressPath,
    {
      preHandler,
      schema: {
        summary: 'Keep the question on screen and the answers chosen so far (own account only)',
        tags: ['quizzes'],
        params: quizProgressParamsSchema,
        body: saveQuizProgressBodySchema,
        response: { 200: quizProgressSchema, ...errors },
      },
    },
    async (request) => {
      assertSelf(request.user, request.params.userId);
      return deps.progress.save(request.user.id, request.params.quizId, request.body);
    },
  );

  app.delete(
    progressPath,
    {
      preHandler,
      schema: {
        summary: 'Forget the place kept in a quiz (own account only; submitting forgets it too)',
        tags: ['quizzes'],
        params: quizProgressParamsSchema,
        // Answers with what GET now says, so the page can use one reply type for all three.
        response: { 200: quizProgressReplySchema, ...errors },
      },
    },
    async (request) => {
      assertSelf(request.user, request.params.userId);
      await deps.progress.clear(request.user.id, request.params.quizId);
      return { progress: null };
    },
  );
};
