import type { CourseContent } from '../../content/course-content.ts';
import type { App } from '../../platform/fastify.ts';
import type { AccessHooks } from '../access/access.hooks.ts';
import { coursesRoutes } from './courses.routes.ts';
import { loadLessonPage } from './lesson.page.ts';
import { createLessonSerializer } from './lessons.serializer.ts';

/**
 * The course itself: the modules (public), each lesson's text and exercises (subscribers), and a
 * subscriber's lesson page drawn on the server (decision 0023). Opening a lesson is told to
 * `lessonOpened` (progress and the weekly rhythm, listed in buildApp).
 */
export async function registerCourses(
  app: App,
  deps: {
    content: CourseContent;
    clientDir: string;
    hooks: AccessHooks;
    lessonOpened: readonly ((userId: string, moduleNumber: number) => Promise<void>)[];
  },
): Promise<void> {
  await app.register(coursesRoutes, {
    content: deps.content,
    hooks: deps.hooks,
    recordLessonVisit: async (userId, moduleNumber) => {
      for (const told of deps.lessonOpened) await told(userId, moduleNumber);
    },
    serializer: createLessonSerializer(),
    lessonPage: await loadLessonPage(deps.clientDir),
  });
}
