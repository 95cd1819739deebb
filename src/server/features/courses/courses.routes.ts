import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { lessonReplySchema } from '#shared/api/lesson.schema.ts';
import { modulesReplySchema } from '#shared/api/modules.schema.ts';
import {
  quizByTitleParamsSchema,
  quizListReplySchema,
  quizReplySchema,
  quizScoresReplySchema,
  submitQuizBodySchema,
  submitQuizReplySchema,
  userIdParamsSchema,
} from '#shared/api/quiz.schema.ts';
import { notFound } from '../../platform/errors.ts';
import type { RoutesPlugin } from '../../platform/fastify.ts';
import { assertSelf, type Guards } from '../access/guards.ts';
import type { ProgressService } from '../progress/progress.service.ts';
import type { CourseContent } from '../../content/course-content.ts';
import type { QuizService } from '../quizzes/quiz.service.ts';
import { errorReplySchema as errorReply } from '#shared/api/error.schema.ts';

export interface CoursesRoutesDeps {
  content: CourseContent;
  quizzes: QuizService;
  progress: ProgressService;
  guards: Guards;
}

/**
 * Sends JSON serialized by the caller; Fastify passes a Buffer payload through as is, without
 * checking it against the response schema (which then only documents it).
 */
function sendSerialized(reply: FastifyReply, json: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply };

/** `module3` (as in the page path) or `3`. */
const lessonParamsSchema = z.object({
  module: z
    .string()
    .regex(/^(module)?\d{1,2}$/, 'must be module1 to module15 (or the number alone)'),
});

export const coursesRoutes: RoutesPlugin<CoursesRoutesDeps> = async (app, deps) => {
  app.get(
    '/api/modules',
    {
      schema: {
        summary: 'The 15 modules: titles, descriptions and counts (public)',
        tags: ['courses'],
        response: { 200: modulesReplySchema },
      },
    },
    async (_request, reply) => {
      // The same for everyone and fixed until the next deploy.
      reply.header('Cache-Control', 'public, max-age=300');
      return [...deps.content.modules];
    },
  );

  app.get(
    '/api/lessons/:module',
    {
      schema: {
        summary: "A module's lesson page: text, runnable blocks, exercises, recap (subscribers)",
        tags: ['courses'],
        params: lessonParamsSchema,
        response: { 200: lessonReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = await deps.guards.subscriber(request, reply);
      const number = Number(request.params.module.replace('module', ''));
      const lesson = deps.content.lessons.get(number);
      if (!lesson) throw notFound(`There is no module ${number}. Modules are numbered 1 to 15.`);
      await deps.progress.recordLessonVisit(user.id, number);
      reply.header('Cache-Control', 'private, no-store');
      return lesson;
    },
  );

  app.get(
    '/api/quizzes',
    {
      schema: {
        summary: 'Every quiz: _id (slug), title and quizNumber (its module) (subscribers)',
        tags: ['quizzes'],
        response: { 200: quizListReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      await deps.guards.subscriber(request, reply);
      // Serialized once at start-up: the response schema above documents it.
      return sendSerialized(reply, deps.quizzes.listJson());
    },
  );

  app.get(
    '/api/quiz-by-title/:title',
    {
      schema: {
        summary: 'One quiz by title (spaces or hyphens) or slug, without its answers (subscribers)',
        tags: ['quizzes'],
        params: quizByTitleParamsSchema,
        response: { 200: quizReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      await deps.guards.subscriber(request, reply);
      return sendSerialized(reply, deps.quizzes.byTitleJson(request.params.title));
    },
  );

  app.post(
    '/api/submit-quiz',
    {
      schema: {
        summary: 'Grade a quiz on the server, record the attempt, return score and review',
        tags: ['quizzes'],
        body: submitQuizBodySchema,
        response: { 200: submitQuizReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = await deps.guards.subscriber(request, reply);
      assertSelf(user, request.body.userId);
      return sendSerialized(reply, await deps.quizzes.submit(user.id, request.body));
    },
  );

  app.get(
    '/api/user/:userId/quiz-scores',
    {
      schema: {
        summary: "The signed-in user's best score per quiz (own account only)",
        tags: ['quizzes'],
        params: userIdParamsSchema,
        response: { 200: quizScoresReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = await deps.guards.subscriber(request, reply);
      assertSelf(user, request.params.userId);
      return deps.quizzes.scores(user.id);
    },
  );
};
