import type { CourseContent } from '../../content/course-content.ts';
import type { Db } from '../../db/database.ts';
import type { Env } from '../../env.ts';
import type { Clock } from '../../platform/clock.ts';
import type { App } from '../../platform/fastify.ts';
import type { AccessHooks } from '../access/access.hooks.ts';
import { createCertificatePage } from './certificate.page.ts';
import { createCertificatesRepo } from './certificates.repo.ts';
import { certificatesRoutes } from './certificates.routes.ts';
import {
  createCertificatesService,
  type QuizBestScores,
  type VerifiedExercises,
} from './certificates.service.ts';

/**
 * Certificates of completion (decision 0015): earned by every exercise verified on the server,
 * every quiz passed and every project's steps verified on the server (decision 0038); a public page
 * anyone can check at /certificates/{id} says what it was issued for.
 */
export async function registerCertificates(
  app: App,
  deps: {
    db: Db;
    env: Env;
    clock: Clock;
    content: CourseContent;
    hooks: AccessHooks;
    exercises: VerifiedExercises;
    quizzes: QuizBestScores;
  },
): Promise<void> {
  const { content, env } = deps;
  const lessons = [...content.lessons.values()];
  const certificates = createCertificatesService({
    repo: createCertificatesRepo(deps.db),
    exercises: deps.exercises,
    quizzes: deps.quizzes,
    course: {
      modules: content.modules.map((m) => ({ number: m.number, title: m.title })),
      exercises: lessons.flatMap((lesson) =>
        lesson.exercises.map((e) => ({ id: e.id, module: lesson.module.number, title: e.title })),
      ),
      quizzes: content.quizList.map((q) => ({ id: q._id, title: q.title })),
      projects: content.projects.map((p) => ({
        slug: p.slug,
        title: p.title,
        summary: p.summary,
        stepIds: p.steps.map((step) => step.id),
      })),
    },
    clock: deps.clock,
    origin: env.origin,
  });
  const page = createCertificatePage({ clientDir: env.CLIENT_DIR });
  await app.register(certificatesRoutes, { certificates, page, hooks: deps.hooks });
}
