import type { QuizProgress, SaveQuizProgressBody } from '#shared/api/quiz.schema.ts';
import type { CourseContent, GradableQuiz } from '../../content/course-content.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { QuizProgressRepo } from './quiz-progress.repo.ts';

/**
 * The place kept in a quiz not yet submitted (decision 0037). Only the learner's choices are
 * stored, and only ones the quiz could have produced: a question that exists, an answer among its
 * options, so a kept place can always be shown and later submitted as it is.
 */
export function createQuizProgressService(deps: {
  content: CourseContent;
  progress: QuizProgressRepo;
  clock: Clock;
}) {
  function quizOf(quizId: string): GradableQuiz {
    const quiz = deps.content.findQuiz(quizId);
    if (!quiz)
      throw notFound(`There is no quiz called "${quizId}". Pick a quiz from the dashboard.`);
    return quiz;
  }

  function check(quiz: GradableQuiz, body: SaveQuizProgressBody): void {
    const total = quiz.questions.length;
    if (body.index >= total) {
      throw badRequest(
        `This quiz has ${total} questions, so there is no question ${body.index + 1}.`,
        'question_out_of_range',
      );
    }
    if (body.answers.length > total) {
      throw badRequest(
        `This quiz has ${total} questions but ${body.answers.length} answers were sent.`,
        'wrong_answer_count',
      );
    }
    body.answers.forEach((answer, i) => {
      if (answer !== '' && !quiz.questions[i]?.answers.includes(answer)) {
        throw badRequest(
          `The answer to question ${i + 1} is not one of its choices. Reload the quiz and pick again.`,
          'unknown_answer',
        );
      }
    });
  }

  return {
    async find(userId: string, quizId: string): Promise<QuizProgress | null> {
      const quiz = quizOf(quizId);
      const kept = await deps.progress.find(userId, quiz.slug);
      if (!kept) return null;
      // A quiz edited since the place was kept (fewer questions, a reworded answer) drops the place
      // rather than showing a question or an answer that is no longer there.
      try {
        check(quiz, kept);
      } catch {
        return null;
      }
      return kept;
    },

    async save(userId: string, quizId: string, body: SaveQuizProgressBody): Promise<QuizProgress> {
      const quiz = quizOf(quizId);
      check(quiz, body);
      const kept = {
        quizId: quiz.slug,
        index: body.index,
        answers: body.answers,
        updatedAt: deps.clock.now().toISOString(),
      };
      await deps.progress.save(userId, kept);
      return kept;
    },

    async clear(userId: string, quizId: string): Promise<void> {
      await deps.progress.clear(userId, quizOf(quizId).slug);
    },
  };
}
export type QuizProgressService = ReturnType<typeof createQuizProgressService>;
