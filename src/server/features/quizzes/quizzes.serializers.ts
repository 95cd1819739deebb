import type { QuizReply, QuizSummary } from '#shared/api/quiz.schema.ts';
import type { CourseContent } from '../../content/course-content.ts';
import type { GradedSubmission } from './quiz.service.ts';
import { createReviewEncoder } from './review-encoder.ts';

/*
 * The JSON of the quiz routes, as bytes (decision 0009): the hottest endpoints of the course send
 * replies whose text is known at start-up, so it is serialized once here instead of on every request.
 * One serializer per route; each is checked against its route's response schema for every quiz
 * (quizzes.serializers.test.ts), because Fastify passes bytes through without checking them.
 */

export function createQuizSerializers(content: CourseContent) {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value));
  const listBytes = new Map<readonly QuizSummary[], Buffer>([
    [content.quizList, encode(content.quizList)],
  ]);
  const quizBytes = new Map<QuizReply, Buffer>(
    [...content.quizReplies.values()].map((reply) => [reply, encode(reply)]),
  );
  const reviewEncoders = new Map(
    [...content.quizzes.values()].map((quiz) => [quiz, createReviewEncoder(quiz)]),
  );

  return {
    /** GET /api/quizzes */
    list(reply: readonly QuizSummary[]): Buffer {
      return listBytes.get(reply) ?? encode(reply);
    },
    /** GET /api/quiz-by-title/:title */
    quiz(reply: QuizReply): Buffer {
      return quizBytes.get(reply) ?? encode(reply);
    },
    /** POST /api/submit-quiz: the review joined from pieces escaped once (review-encoder.ts). */
    submission({ quiz, reply }: GradedSubmission): Buffer {
      const encoder = reviewEncoders.get(quiz);
      return encoder ? encoder(reply) : encode(reply);
    },
  };
}
export type QuizSerializers = ReturnType<typeof createQuizSerializers>;
