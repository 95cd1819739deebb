import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorReplySchema as errorReply } from '#shared/api/error.schema.ts';
import { lessonReplySchema } from '#shared/api/lesson.schema.ts';
import { modulesReplySchema } from '#shared/api/modules.schema.ts';
import type { CourseContent } from '../../content/course-content.ts';
import { notFound } from '../../platform/errors.ts';
import type { RoutesPlugin } from '../../platform/fastify.ts';
import type { AccessHooks } from '../access/access.hooks.ts';
import type { EncodedReply, LessonSerializer } from './lessons.serializer.ts';

export interface CoursesRoutesDeps {
  content: CourseContent;
  hooks: AccessHooks;
  /** Remembers that a subscriber opened a lesson (the progress feature, wired in buildApp). */
  recordLessonVisit: (userId: string, moduleNumber: number) => Promise<void>;
  serializer: LessonSerializer;
}

/**
 * Sends JSON bytes a serializer prepared, in the encoding it chose. Fastify passes bytes through as
 * they are, so the route's response schema only documents them (lessons.serializer.test.ts holds
 * the bytes to it).
 */
function sendEncoded(reply: FastifyReply, sent: EncodedReply): void {
  reply.header('Vary', 'Accept-Encoding').type('application/json; charset=utf-8');
  if (sent.encoding) reply.header('Content-Encoding', sent.encoding);
  reply.send(sent.body);
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
      preHandler: deps.hooks.requireSubscriber,
      schema: {
        summary: "A module's lesson page: text, runnable blocks, exercises, recap (subscribers)",
        tags: ['courses'],
        params: lessonParamsSchema,
        response: { 200: lessonReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const number = Number(request.params.module.replace('module', ''));
      const lesson = deps.content.lessons.get(number);
      if (!lesson) throw notFound(`There is no module ${number}. Modules are numbered 1 to 15.`);
      await deps.recordLessonVisit(request.user.id, number);
      sendEncoded(reply, deps.serializer.lesson(lesson, request.headers['accept-encoding']));
    },
  );
};
