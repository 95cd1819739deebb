import {
  percentScore,
  type QuizReply,
  type QuizScore,
  type QuizSummary,
  type SubmitQuizReply,
} from '#shared/api/quiz.schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { ProgressRepo } from '../progress/progress.repo.ts';
import type { CourseContent } from './course-content.ts';

/** Quizzes: served without their answers, graded here, every attempt kept, the best one reported. */
export function createQuizService(deps: {
  content: CourseContent;
  repo: ProgressRepo;
  clock: Clock;
}) {
  const unknownQuiz = (what: string) =>
    notFound(`There is no quiz called "${what}". Pick a quiz from the dashboard.`);

  return {
    list(): readonly QuizSummary[] {
      return deps.content.quizList;
    },

    /** GET /api/quizzes, already serialized. */
    listJson(): string {
      return deps.content.quizListJson;
    },

    /** GET /api/quiz-by-title, already serialized (the same data as byTitle). */
    byTitleJson(titleOrSlug: string): string {
      const quiz = deps.content.findQuiz(titleOrSlug);
      const json = quiz && deps.content.quizReplyJson.get(quiz.slug);
      if (json === undefined) throw unknownQuiz(titleOrSlug);
      return json;
    },

    byTitle(titleOrSlug: string): QuizReply {
      const quiz = deps.content.findQuiz(titleOrSlug);
      const reply = quiz && deps.content.quizReplies.get(quiz.slug);
      if (!reply) throw unknownQuiz(titleOrSlug);
      return reply;
    },

    async submit(
      userId: string,
      input: { quizId: string; answers: readonly string[] },
    ): Promise<SubmitQuizReply> {
      const quiz = deps.content.findQuiz(input.quizId);
      if (!quiz) throw unknownQuiz(input.quizId);
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
      await deps.repo.insertAttempt({
        userId,
        quizId: quiz.slug,
        score,
        answers: input.answers,
        createdAt: deps.clock.now().toISOString(),
      });
      const best = (await deps.repo.bestScore(userId, quiz.slug)) ?? score;
      return { score, bestScore: Math.max(best, score), review };
    },

    async scores(userId: string): Promise<QuizScore[]> {
      const rows = await deps.repo.bestScores(userId);
      return rows.map((r) => ({ quizId: { _id: r.quizId }, bestScore: r.bestScore }));
    },
  };
}
export type QuizService = ReturnType<typeof createQuizService>;
