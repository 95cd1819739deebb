import { z } from 'zod';

/*
 * Review of missed quiz questions (issue 20). A question answered wrong in a quiz enters the
 * learner's queue; it comes back after 1, 3, 7 and 21 days. Nothing sent before an answer carries
 * the correct answer or the explanation: those come only in the reply to that answer.
 */

/** Days until a question is due again after a right answer at stage 0, 1, 2, 3 (3 then leaves). */
export const REVIEW_INTERVAL_DAYS = [1, 3, 7, 21] as const;

export const reviewUserParamsSchema = z.object({ userId: z.string().min(1).max(255) });

export const reviewQuestionSchema = z.object({
  quizId: z.string(),
  quizTitle: z.string(),
  questionIndex: z.number().int().min(0),
  /** The question, with its code (if any) after a blank line; shown preformatted. */
  questionText: z.string(),
  answers: z.array(z.object({ text: z.string() })),
});
export type ReviewQuestion = z.infer<typeof reviewQuestionSchema>;

/** GET /api/user/:userId/review */
export const reviewQueueReplySchema = z.object({
  /** How many questions are due now (all of them are in `questions`, oldest due first). */
  dueCount: z.number().int().min(0),
  /** When the next question not yet due becomes due; null when none waits. */
  nextDueAt: z.string().nullable(),
  /** Questions in the queue, due or not. */
  queued: z.number().int().min(0),
  questions: z.array(reviewQuestionSchema),
});
export type ReviewQueueReply = z.infer<typeof reviewQueueReplySchema>;

/** POST /api/user/:userId/review/answers */
export const reviewAnswerBodySchema = z.object({
  quizId: z.string().min(1, 'is missing').max(200),
  questionIndex: z.number().int().min(0).max(199),
  /** The chosen answer's text. */
  answer: z.string().min(1, 'is missing').max(2000),
});
export type ReviewAnswerBody = z.infer<typeof reviewAnswerBodySchema>;

export const reviewAnswerReplySchema = z.object({
  isCorrect: z.boolean(),
  correct: z.string(),
  explanation: z.string(),
  /** When the question comes back; null when a right answer after 21 days took it out of the queue. */
  nextDueAt: z.string().nullable(),
});
export type ReviewAnswerReply = z.infer<typeof reviewAnswerReplySchema>;
