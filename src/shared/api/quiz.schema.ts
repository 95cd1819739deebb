import { z } from 'zod';
export { QUIZ_PASS_MARK } from '#shared/quiz-rules.ts';

/*
 * The quiz calls of SPEC 7. Field names (`_id`, `quizNumber`, `questionText`, `answers[].text`,
 * `quizId._id`, `bestScore`) are the public contract. A quiz's `_id` is its URL slug.
 * Nothing sent before submission carries the correct answer or its explanation.
 */

/** GET /api/quizzes */
export const quizSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  /** The 1-based number of the quiz's module: quizNumber - 1 picks the module (SPEC 7). */
  quizNumber: z.number().int().min(1),
});
export type QuizSummary = z.infer<typeof quizSummarySchema>;
export const quizListReplySchema = z.array(quizSummarySchema);

/** GET /api/quiz-by-title/:title — the title with spaces (as SPEC 2's client sends it) or the slug. */
export const quizByTitleParamsSchema = z.object({
  title: z.string().trim().min(1, 'is missing').max(200, 'is too long'),
});

export const quizQuestionSchema = z.object({
  /** The question, with its code (if any) after a blank line; shown preformatted. */
  questionText: z.string(),
  answers: z.array(z.object({ text: z.string() })),
});
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

export const quizReplySchema = quizSummarySchema.extend({
  questions: z.array(quizQuestionSchema),
});
export type QuizReply = z.infer<typeof quizReplySchema>;

/** POST /api/submit-quiz */
export const submitQuizBodySchema = z.object({
  userId: z.string().min(1, 'is missing').max(255),
  quizId: z.string().min(1, 'is missing').max(200),
  /** The chosen answer texts in question order; '' for a question left unanswered. */
  answers: z.array(z.string().max(2000)).max(200),
});
export type SubmitQuizBody = z.infer<typeof submitQuizBodySchema>;

export const reviewItemSchema = z.object({
  questionText: z.string(),
  /** The answer given, or '' when the question was left unanswered. */
  chosen: z.string(),
  correct: z.string(),
  isCorrect: z.boolean(),
  explanation: z.string(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const submitQuizReplySchema = z.object({
  /** Whole percentage, 0-100. */
  score: z.number().int().min(0).max(100),
  /** The best score of all this user's attempts at this quiz, this one included. */
  bestScore: z.number().int().min(0).max(100),
  review: z.array(reviewItemSchema),
});
export type SubmitQuizReply = z.infer<typeof submitQuizReplySchema>;

/** GET /api/user/:userId/quiz-scores */
export const quizScoreSchema = z.object({
  quizId: z.object({ _id: z.string() }),
  bestScore: z.number().int().min(0).max(100),
});
export type QuizScore = z.infer<typeof quizScoreSchema>;
export const quizScoresReplySchema = z.array(quizScoreSchema);

export const userIdParamsSchema = z.object({ userId: z.string().min(1).max(255) });

/** Whole-percentage score: 2 of 3 gives 67. */
export function percentScore(correct: number, total: number): number {
  return total === 0 ? 0 : Math.round((correct / total) * 100);
}
