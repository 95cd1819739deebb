import { percentScore, type QuizScore, type SubmitQuizReply } from '#shared/api/quiz.schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { createWriteBatcher } from '../../db/write-batcher.ts';
import type { AttemptRow, ProgressRepo } from '../progress/progress.repo.ts';
import type { CourseContent } from '../../content/course-content.ts';
import { createReviewEncoder } from './review-encoder.ts';

/** Quizzes: served without their answers, graded here, every attempt kept, the best one reported. */
export function createQuizService(deps: {
  content: CourseContent;
  repo: ProgressRepo;
  clock: Clock;
}) {
  // Many learners submitting at once share one commit (decision 0009).
  const recordAttempt = createWriteBatcher<AttemptRow, number>({
    write: (rows) => deps.repo.recordAttempts(rows),
    maxBatch: 100,
  });
  const encoders = new Map(
    [...deps.content.quizzes.values()].map((quiz) => [quiz.slug, createReviewEncoder(quiz)]),
  );
  const unknownQuiz = (what: string) =>
    notFound(`There is no quiz called "${what}". Pick a quiz from the dashboard.`);

  return {
    /** GET /api/quizzes, already serialized. */
    listJson(): Buffer {
      return deps.content.quizListJson;
    },

    /** GET /api/quiz-by-title, already serialized (no correct answers, no explanations). */
    byTitleJson(titleOrSlug: string): Buffer {
      const quiz = deps.content.findQuiz(titleOrSlug);
      const json = quiz && deps.content.quizReplyJson.get(quiz.slug);
      if (json === undefined) throw unknownQuiz(titleOrSlug);
      return json;
    },

    /** Grades, records the attempt, and returns the SubmitQuizReply as JSON bytes, ready to send. */
    async submit(
      userId: string,
      input: { quizId: string; answers: readonly string[] },
    ): Promise<Buffer> {
      const quiz = deps.content.findQuiz(input.quizId);
      const encoder = quiz && encoders.get(quiz.slug);
      if (!quiz || !encoder) throw unknownQuiz(input.quizId);
      const total = quiz.questions.length;
      if (input.answers.length !== total) {
        throw badRequest(
          `This quiz has ${total} questions but ${input.answers.length} answers were sent. Send one answer per question ('' for one left unanswered).`,
          'wrong_answer_count',
        );
      }
      let correct = 0;
      const review = quiz.questions.map((question, index) => {
        const chosen = input.answers[index] ?? '';
        if (chosen !== '' && !question.answers.includes(chosen)) {
          throw badRequest(
            `The answer to question ${index + 1} is not one of its choices. Reload the quiz and pick again.`,
            'unknown_answer',
          );
        }
        const right = question.answers[question.correct] ?? '';
        const isCorrect = chosen === right;
        if (isCorrect) correct++;
        return {
          questionText: question.questionText,
          chosen,
          correct: right,
          isCorrect,
          explanation: question.explanation,
        };
      });
      const score = percentScore(correct, total);
      const best = await recordAttempt({
        userId,
        quizId: quiz.slug,
        score,
        answers: input.answers,
        createdAt: deps.clock.now().toISOString(),
      });
      const reply: SubmitQuizReply = { score, bestScore: Math.max(best, score), review };
      return encoder(reply);
    },

    async scores(userId: string): Promise<QuizScore[]> {
      const rows = await deps.repo.bestScores(userId);
      return rows.map((r) => ({ quizId: { _id: r.quizId }, bestScore: r.bestScore }));
    },
  };
}
export type QuizService = ReturnType<typeof createQuizService>;
