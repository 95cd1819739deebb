import {
  REVIEW_INTERVAL_DAYS,
  type ReviewAnswerBody,
  type ReviewAnswerReply,
  type ReviewQueueReply,
  type ReviewQuestion,
} from '#shared/api/review.schema.ts';
import type { CourseContent, GradableQuestion } from '../../content/course-content.ts';
import { addDays, type Clock } from '../../platform/clock.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { ReviewRepo } from './review.repo.ts';

/** What review needs of the weekly rhythm: a review answer makes today a study day. */
export interface StudyDayRecorder {
  recordStudy(userId: string): Promise<void>;
}

/** The most questions one queue reply carries; a session of review is a few at a time anyway. */
export const REVIEW_PAGE_SIZE = 50;

/**
 * A quiz submitted again within this time with the same misses (a double submit, a quick retry)
 * writes nothing: the questions are already at 1 day, due at most this much earlier than a write
 * would make them. It keeps the quiz's hot path at one write per submission for those.
 */
const SAME_MISSES_MS = 60_000;
const SAME_MISSES_SIZE = 10_000;

function createMissesMemo() {
  const last = new Map<string, { missed: string; at: number }>();
  return {
    /** Whether this learner's quiz missed exactly these questions a moment ago (and was written). */
    repeats(key: string, missed: readonly number[], at: number): boolean {
      const same = last.get(key);
      const since = at - (same?.at ?? Number.NEGATIVE_INFINITY);
      return same?.missed === missed.join() && since >= 0 && since < SAME_MISSES_MS;
    },
    remember(key: string, missed: readonly number[], at: number): void {
      if (last.size >= SAME_MISSES_SIZE) last.clear();
      last.set(key, { missed: missed.join(), at });
    },
    forget: (key: string) => last.delete(key),
  };
}

/**
 * Missed quiz questions come back after 1, 3, 7 and 21 days: a right answer moves one to the next
 * interval (after 21 days it leaves the queue), a wrong one sends it back to 1 day. Quiz best scores
 * are not touched: review answers are never quiz attempts.
 */
export function createReviewService(deps: {
  content: CourseContent;
  repo: ReviewRepo;
  clock: Clock;
  studyDays: StudyDayRecorder;
}) {
  const { content, repo, clock } = deps;
  const lastMisses = createMissesMemo();

  const questionOf = (quizId: string, index: number): GradableQuestion | undefined =>
    content.quizzes.get(quizId)?.questions[index];

  return {
    /** Called when a quiz is graded: its missed questions (by index) enter the queue, due in a day. */
    async enqueueMissed(userId: string, quizId: string, missed: readonly number[]): Promise<void> {
      const now = clock.now();
      const key = `${userId} ${quizId}`;
      if (lastMisses.repeats(key, missed, now.getTime())) return;
      await repo.enqueue(userId, quizId, missed, {
        now: now.toISOString(),
        dueAt: addDays(now, REVIEW_INTERVAL_DAYS[0]).toISOString(),
      });
      lastMisses.remember(key, missed, now.getTime());
    },

    async queue(userId: string): Promise<ReviewQueueReply> {
      const now = clock.now().toISOString();
      // A question the course no longer has (content rewritten since) is skipped, not shown broken.
      const items = (await repo.queue(userId)).filter((item) =>
        questionOf(item.quizId, item.questionIndex),
      );
      const due = items.filter((item) => item.dueAt <= now);
      const questions: ReviewQuestion[] = due.slice(0, REVIEW_PAGE_SIZE).map((item) => {
        const quiz = content.quizzes.get(item.quizId);
        const question = quiz?.questions[item.questionIndex];
        return {
          quizId: item.quizId,
          quizTitle: quiz?.title ?? '',
          questionIndex: item.questionIndex,
          questionText: question?.questionText ?? '',
          answers: (question?.answers ?? []).map((text) => ({ text })),
        };
      });
      const waiting = items.find((item) => item.dueAt > now);
      return {
        dueCount: due.length,
        nextDueAt: waiting?.dueAt ?? null,
        queued: items.length,
        questions,
      };
    },

    async answer(userId: string, body: ReviewAnswerBody): Promise<ReviewAnswerReply> {
      const question = questionOf(body.quizId, body.questionIndex);
      const item = question && (await repo.find(userId, body.quizId, body.questionIndex));
      if (!question || !item) {
        throw notFound('This question is not in your review queue. Reload the review page.');
      }
      const now = clock.now();
      if (item.dueAt > now.toISOString()) {
        throw conflict('This question is not due yet. Reload the review page.', 'not_due');
      }
      if (!question.answers.includes(body.answer)) {
        throw badRequest(
          'The answer is not one of the choices. Reload the review page and pick again.',
          'unknown_answer',
        );
      }
      const correct = question.answers[question.correct] ?? '';
      const isCorrect = body.answer === correct;
      const stage = isCorrect ? item.stage + 1 : 0;
      const key = { quizId: body.quizId, questionIndex: body.questionIndex };
      let nextDueAt: string | null = null;
      // The question's schedule changes here, so a quiz missing it again must write again.
      lastMisses.forget(`${userId} ${body.quizId}`);
      if (stage >= REVIEW_INTERVAL_DAYS.length) {
        await repo.remove(userId, key);
      } else {
        const days = isCorrect ? REVIEW_INTERVAL_DAYS[stage] : REVIEW_INTERVAL_DAYS[0];
        nextDueAt = addDays(now, days ?? 1).toISOString();
        await repo.reschedule(userId, key, { stage, dueAt: nextDueAt, now: now.toISOString() });
      }
      await deps.studyDays.recordStudy(userId);
      return { isCorrect, correct, explanation: question.explanation, nextDueAt };
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
