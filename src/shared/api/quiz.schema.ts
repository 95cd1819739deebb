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

/*
 * The place kept in a quiz not yet submitted (issue 35, decision 0037): the question on screen and
 * the answers chosen so far, so Back, a reload or a lost connection returns the learner to it.
 */

/** GET, PUT and DELETE /api/user/:userId/quiz-progress/:quizId */
export const quizProgressParamsSchema = z.object({
  userId: z.string().min(1, 'is missing').max(255),
  quizId: z.string().min(1, 'is missing').max(200),
});

/** PUT body: the learner's choices only; the server holds them to the quiz's questions and answers. */
export const saveQuizProgressBodySchema = z.object({
  /** The question on screen, from 0. */
  index: z.number().int().min(0, 'must be 0 or more').max(199, 'is too large'),
  /** The chosen answer texts by question index; '' for a question not answered yet. */
  answers: z.array(z.string().max(2000)).max(200),
});
export type SaveQuizProgressBody = z.infer<typeof saveQuizProgressBodySchema>;

export const quizProgressSchema = saveQuizProgressBodySchema.extend({
  quizId: z.string(),
  updatedAt: z.string(),
});
export type QuizProgress = z.infer<typeof quizProgressSchema>;

/** GET reply: `progress` is null when no place is kept (never started, or submitted since). */
export const quizProgressReplySchema = z.object({ progress: quizProgressSchema.nullable() });
export type QuizProgressReply = z.infer<typeof quizProgressReplySchema>;
