import type { FastifyReply } from 'fastify';
import { errorReplySchema as errorReply } from '#shared/api/error.schema.ts';
import {
  quizByTitleParamsSchema,
  quizListReplySchema,
  quizReplySchema,
  quizScoresReplySchema,
  submitQuizBodySchema,
  submitQuizReplySchema,
  userIdParamsSchema,
} from '#shared/api/quiz.schema.ts';
import type { RoutesPlugin } from '../../platform/fastify.ts';
import { assertSelf, type AccessHooks } from '../access/access.hooks.ts';
import type { QuizSerializers } from './quizzes.serializers.ts';
import type { QuizService } from './quiz.service.ts';

export interface QuizzesRoutesDeps {
  quizzes: QuizService;
  serializers: QuizSerializers;
  hooks: AccessHooks;
}

/**
 * Sends JSON serialized by the route's serializer; Fastify passes a Buffer through as is, so the
 * response schema below only documents it (quizzes.serializers.test.ts holds the bytes to it).
 */
function sendSerialized(reply: FastifyReply, json: Buffer): void {
  reply.type('application/json; charset=utf-8').send(json);
}

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply };

export const quizzesRoutes: RoutesPlugin<QuizzesRoutesDeps> = async (app, deps) => {
  const { quizzes, serializers } = deps;
  const preHandler = deps.hooks.requireSubscriber;

  app.get(
    '/api/quizzes',
    {
      preHandler,
      schema: {
        summary: 'Every quiz: _id (slug), title and quizNumber (its module) (subscribers)',
        tags: ['quizzes'],
        response: { 200: quizListReplySchema, ...errors },
      },
    },
    (_request, reply) => {
      sendSerialized(reply, serializers.list(quizzes.list()));
    },
  );

  app.get(
    '/api/quiz-by-title/:title',
    {
      preHandler,
      schema: {
        summary: 'One quiz by title (spaces or hyphens) or slug, without its answers (subscribers)',
        tags: ['quizzes'],
        params: quizByTitleParamsSchema,
        response: { 200: quizReplySchema, ...errors },
      },
    },
    (request, reply) => {
      sendSerialized(reply, serializers.quiz(quizzes.byTitle(request.params.title)));
    },
  );

  app.post(
    '/api/submit-quiz',
    {
      preHandler,
      schema: {
        summary: 'Grade a quiz on the server, record the attempt, return score and review',
        tags: ['quizzes'],
        body: submitQuizBodySchema,
        response: { 200: submitQuizReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      assertSelf(request.user, request.body.userId);
      const graded = await quizzes.submit(request.user.id, request.body);
      sendSerialized(reply, serializers.submission(graded));
    },
  );

  app.get(
    '/api/user/:userId/quiz-scores',
    {
      preHandler,
      schema: {
        summary: "The signed-in user's best score per quiz (own account only)",
        tags: ['quizzes'],
        params: userIdParamsSchema,
        response: { 200: quizScoresReplySchema, ...errors },
      },
    },
    async (request) => {
      assertSelf(request.user, request.params.userId);
      return quizzes.scores(request.user.id);
    },
  );
};
