import type { CourseContent } from '../../content/course-content.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { App } from '../../platform/fastify.ts';
import type { AccessHooks } from '../access/access.hooks.ts';
import { createReviewRepo } from './review.repo.ts';
import { reviewRoutes } from './review.routes.ts';
import { createReviewService, type StudyDayRecorder } from './review.service.ts';

export interface ReviewFeature {
  /** Puts the questions a learner missed in a graded quiz into their review queue. */
  quizGraded(event: { userId: string; quizId: string; missed: readonly number[] }): Promise<void>;
}

/** The review of missed questions (decision 0014): due after 1, 3, 7 and 21 days. */
export async function registerReview(
  app: App,
  deps: {
    db: Db;
    clock: Clock;
    content: CourseContent;
    hooks: AccessHooks;
    studyDays: StudyDayRecorder;
  },
): Promise<ReviewFeature> {
  const review = createReviewService({
    content: deps.content,
    repo: createReviewRepo(deps.db),
    clock: deps.clock,
    studyDays: deps.studyDays,
  });
  await app.register(reviewRoutes, { review, hooks: deps.hooks });
  return {
    quizGraded: (event) => review.enqueueMissed(event.userId, event.quizId, event.missed),
  };
}
