import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorReplySchema as errorReply } from '#shared/api/error.schema.ts';
import { lessonReplySchema } from '#shared/api/lesson.schema.ts';
import { modulesReplySchema } from '#shared/api/modules.schema.ts';
import { lessonModuleNumber } from '#shared/routes.ts';
import type { CourseContent } from '../../content/course-content.ts';
import { notFound } from '../../platform/errors.ts';
import type { RoutesPlugin } from '../../platform/fastify.ts';
import type { AccessHooks } from '../access/access.hooks.ts';
import type { LessonPage } from './lesson.page.ts';
import { encodeOnce, type EncodedReply, type LessonSerializer } from './lessons.serializer.ts';

export interface CoursesRoutesDeps {
  content: CourseContent;
  hooks: AccessHooks;
  /** Remembers that a subscriber opened a lesson (the progress feature, wired in buildApp). */
  recordLessonVisit: (userId: string, moduleNumber: number) => Promise<void>;
  serializer: LessonSerializer;
  /** Lessons drawn on the server for subscribers; null without a build (decision 0023). */
  lessonPage: LessonPage | null;
}

/**
 * Sends JSON bytes a serializer prepared, in the encoding it chose. Fastify passes bytes through as
 * they are, so the route's response schema only documents them (lessons.serializer.test.ts holds
 * the bytes to it).
 */
function sendEncoded(reply: FastifyReply, sent: EncodedReply, type = 'application/json'): void {
  reply.header('Vary', 'Accept-Encoding').type(`${type}; charset=utf-8`);
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

  const lessonPage = deps.lessonPage;
  if (!lessonPage) return;
  // The lesson page itself, for a subscriber, with its text in the HTML (decision 0023). Anyone
  // else, and any path that is no lesson, gets what every other page path gets: the app shell.
  // Its visit is recorded by the lesson request the page makes as it starts, as before.
  app.get(
    '/dashboard/lessons/:module',
    { schema: { hide: true, params: z.object({ module: z.string() }) } },
    async (request, reply) => {
      const number = lessonModuleNumber(request.params.module);
      const lesson = number === null ? undefined : deps.content.lessons.get(number);
      const user = lesson ? await deps.hooks.subscriberOf(request, reply) : undefined;
      if (!lesson || !user) return reply.callNotFound();
      const path = `/dashboard/lessons/${request.params.module}`;
      const html = await lessonPage.html(path, user, lesson);
      // Personal: neither shared caches nor the offline cache of pages may keep it (decision 0023).
      reply.header('Cache-Control', 'private, no-store');
      sendEncoded(reply, await encodeOnce(html, request.headers['accept-encoding']), 'text/html');
      return reply;
    },
  );
};
