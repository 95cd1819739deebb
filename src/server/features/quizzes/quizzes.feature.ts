import type { CourseContent } from '../../content/course-content.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { App } from '../../platform/fastify.ts';
import type { AccessHooks } from '../access/access.hooks.ts';
import { createAttemptsRepo } from './attempts.repo.ts';
import { createQuizService, type QuizGradedFollower } from './quiz.service.ts';
import { createQuizProgressRepo } from './quiz-progress.repo.ts';
import { createQuizProgressService } from './quiz-progress.service.ts';
import { createQuizSerializers } from './quizzes.serializers.ts';
import { quizzesRoutes } from './quizzes.routes.ts';
import { quizProgressRoutes } from './quiz-progress.routes.ts';

export interface QuizzesFeature {
  /** Each quiz's best score in percent, for progress and certificates. */
  bestScores(userId: string): Promise<{ quizId: string; bestScore: number }[]>;
  /** The learner's latest attempt, for "continue where you left off". */
  latestAttempt(userId: string): Promise<{ quizId: string; at: string } | undefined>;
}

/**
 * The quizzes: served without their answers, graded on the server, every attempt kept. After a
 * submission is graded and its attempt stored, each of `followers` is told (quiz.service.ts,
 * QuizGradedFollower: a failing follower never costs the learner their score).
 */
export async function registerQuizzes(
  app: App,
  deps: {
    db: Db;
    clock: Clock;
    content: CourseContent;
    hooks: AccessHooks;
    followers: readonly QuizGradedFollower[];
  },
): Promise<QuizzesFeature> {
  const attempts = createAttemptsRepo(deps.db);
  const progress = createQuizProgressRepo(deps.db);
  const quizzes = createQuizService({
    content: deps.content,
    attempts,
    progress,
    clock: deps.clock,
    followers: deps.followers,
    log: app.log,
  });
  await app.register(quizzesRoutes, {
    quizzes,
    serializers: createQuizSerializers(deps.content),
    hooks: deps.hooks,
  });
  await app.register(quizProgressRoutes, {
    progress: createQuizProgressService({ content: deps.content, progress, clock: deps.clock }),
    hooks: deps.hooks,
  });
  return { bestScores: attempts.bestScores, latestAttempt: attempts.latestAttempt };
}
