import {
  percentScore,
  type QuizReply,
  type QuizScore,
  type QuizSummary,
  type SubmitQuizReply,
} from '#shared/api/quiz.schema.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { CourseContent, GradableQuiz } from '../../content/course-content.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { AttemptsRepo } from './attempts.repo.ts';
import type { QuizProgressRepo } from './quiz-progress.repo.ts';

/** A graded submission: the reply, and the quiz it belongs to (its serializer needs it). */
export interface GradedSubmission {
  quiz: GradableQuiz;
  reply: SubmitQuizReply;
}

/** A submission once it is graded and its attempt stored. */
export interface QuizGraded {
  userId: string;
  quizId: string;
  /** The indexes of the questions the learner missed (wrong or left unanswered). */
  missed: readonly number[];
}

/**
 * A feature that acts on each graded submission (buildApp lists them: the review queue and the
 * weekly rhythm). Followers run after the attempt is stored and cannot undo it: a follower that
 * fails is tried once more, then reported in the log, and the learner still gets their score.
 */
export interface QuizGradedFollower {
  readonly name: string;
  quizGraded(event: QuizGraded): Promise<void>;
}

/** Tells each follower, in order; a failure never reaches the learner (see QuizGradedFollower). */
async function tellFollowers(
  followers: readonly QuizGradedFollower[],
  event: QuizGraded,
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
): Promise<void> {
  for (const follower of followers) {
    try {
      await follower.quizGraded(event);
    } catch (first) {
      log.warn({ err: first, follower: follower.name }, 'quiz follower failed; trying once more');
      try {
        await follower.quizGraded(event);
      } catch (err) {
        log.error(
          { err, follower: follower.name, userId: event.userId, quizId: event.quizId },
          'quiz follower failed twice: the attempt is stored, what this follower does for it is not',
        );
      }
    }
  }
}

/** Quizzes: served without their answers, graded here, every attempt kept, the best one reported. */
export function createQuizService(deps: {
  content: CourseContent;
  attempts: AttemptsRepo;
  /** The place kept while the quiz was being answered (decision 0037), forgotten once it is graded. */
  progress: Pick<QuizProgressRepo, 'clear'>;
  clock: Clock;
  followers: readonly QuizGradedFollower[];
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}) {
  const { content } = deps;
  const unknownQuiz = (what: string) =>
    notFound(`There is no quiz called "${what}". Pick a quiz from the dashboard.`);

  function grade(quiz: GradableQuiz, answers: readonly string[]) {
    const total = quiz.questions.length;
    if (answers.length !== total) {
      throw badRequest(
        `This quiz has ${total} questions but ${answers.length} answers were sent. Send one answer per question ('' for one left unanswered).`,
        'wrong_answer_count',
      );
    }
    let correct = 0;
    const review = quiz.questions.map((question, index) => {
      const chosen = answers[index] ?? '';
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
    return { score: percentScore(correct, total), review };
  }

  return {
    /** GET /api/quizzes */
    list(): readonly QuizSummary[] {
      return content.quizList;
    },

    /** GET /api/quiz-by-title: no correct answers, no explanations. */
    byTitle(titleOrSlug: string): QuizReply {
      const quiz = content.findQuiz(titleOrSlug);
      const reply = quiz && content.quizReplies.get(quiz.slug);
      if (!reply) throw unknownQuiz(titleOrSlug);
      return reply;
    },

    /** Grades, records the attempt (answered only once it is stored), and returns score and review. */
    async submit(
      userId: string,
      input: { quizId: string; answers: readonly string[] },
    ): Promise<GradedSubmission> {
      const quiz = content.findQuiz(input.quizId);
      if (!quiz) throw unknownQuiz(input.quizId);
      const { score, review } = grade(quiz, input.answers);
      const best = await deps.attempts.record({
        userId,
        quizId: quiz.slug,
        score,
        answers: input.answers,
        createdAt: deps.clock.now().toISOString(),
      });
      // The attempt is stored, so the kept place has done its job; if forgetting it fails, the
      // learner still gets their score and the page forgets its own copy (decision 0037).
      await deps.progress.clear(userId, quiz.slug).catch((err: unknown) => {
        deps.log.error({ err, userId, quizId: quiz.slug }, 'could not forget the kept quiz place');
      });
      const missed = review.flatMap((item, index) => (item.isCorrect ? [] : [index]));
      await tellFollowers(deps.followers, { userId, quizId: quiz.slug, missed }, deps.log);
      return { quiz, reply: { score, bestScore: Math.max(best, score), review } };
    },

    async scores(userId: string): Promise<QuizScore[]> {
      const rows = await deps.attempts.bestScores(userId);
      return rows.map((r) => ({ quizId: { _id: r.quizId }, bestScore: r.bestScore }));
    },
  };
}
export type QuizService = ReturnType<typeof createQuizService>;
