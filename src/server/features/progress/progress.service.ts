import type { ContinueTarget, ProgressReply } from '#shared/api/progress.schema.ts';
import { QUIZ_PASS_MARK } from '#shared/api/quiz.schema.ts';
import { exerciseAnchor } from '#shared/routes.ts';
import type { Clock } from '../../platform/clock.ts';
import type { CourseContent } from '../../content/course-content.ts';
import type { ProgressRepo } from './progress.repo.ts';

/** What progress reads of the quiz attempts; the quizzes feature owns them (wired in buildApp). */
export interface QuizAttemptsReader {
  bestScores(userId: string): Promise<{ quizId: string; bestScore: number }[]>;
  latestAttempt(userId: string): Promise<{ quizId: string; at: string } | undefined>;
}

type LessonVisits = Awaited<ReturnType<ProgressRepo['lessonVisits']>>;
type SolvedExercises = Awaited<ReturnType<ProgressRepo['solvedExercises']>>;
type LatestAttempt = Awaited<ReturnType<QuizAttemptsReader['latestAttempt']>>;
/** Each quiz's best score so far, by quiz id. */
type BestScores = ReadonlyMap<string, number>;

/** What a subscriber has done: lessons opened, exercises solved, quizzes passed. */
export function createProgressService(deps: {
  content: CourseContent;
  repo: ProgressRepo;
  attempts: QuizAttemptsReader;
  clock: Clock;
}) {
  const { content } = deps;

  return {
    async recordLessonVisit(userId: string, moduleNumber: number): Promise<void> {
      await deps.repo.recordLessonVisit(userId, moduleNumber, deps.clock.now().toISOString());
    },

    async summary(userId: string): Promise<ProgressReply> {
      const [visits, solved, scores, latestAttempt] = await Promise.all([
        deps.repo.lessonVisits(userId),
        deps.repo.solvedExercises(userId),
        deps.attempts.bestScores(userId),
        deps.attempts.latestAttempt(userId),
      ]);
      const best = new Map(scores.map((s) => [s.quizId, s.bestScore]));
      const counted = moduleProgress(content, visits, solved, best);
      const { modules } = counted;
      const last = lastTouched(content, visits, solved, latestAttempt);
      // A project's steps count towards the course's figure as its exercises do.
      const solvedIds = new Set(solved.map((s) => s.exerciseId));
      const projects = content.projects.map((p) => ({
        number: p.number,
        slug: p.slug,
        stepsSolved: p.steps.filter((step) => solvedIds.has(step.id)).length,
        stepCount: p.steps.length,
      }));
      const done = counted.done + projects.reduce((n, p) => n + p.stepsSolved, 0);
      const total = counted.total + projects.reduce((n, p) => n + p.stepCount, 0);

      return {
        modules,
        projects,
        overall: { done, total, percent: total === 0 ? 0 : Math.floor((done / total) * 100) },
        continue: last ? continueFrom(content, modules, best, solvedIds, last.moduleNumber) : null,
      };
    },
  };
}
export type ProgressService = ReturnType<typeof createProgressService>;

const quizzesOf = (content: CourseContent, moduleNumber: number) =>
  content.quizList.filter((q) => q.quizNumber === moduleNumber);

/** Each module's progress, and the steps done out of all steps (lessons, exercises, quizzes). */
function moduleProgress(
  content: CourseContent,
  visits: LessonVisits,
  solved: SolvedExercises,
  best: BestScores,
) {
  const visited = new Set(visits.map((v) => v.moduleNumber));
  const solvedIds = new Set(solved.map((s) => s.exerciseId));

  let done = 0;
  let total = 0;
  const modules = content.modules.map((module) => {
    const ids = content.exerciseIds.get(module.number) ?? [];
    const quizzes = quizzesOf(content, module.number);
    const bestScores: Record<string, number> = {};
    for (const quiz of quizzes) {
      const score = best.get(quiz._id);
      if (score !== undefined) bestScores[quiz._id] = score;
    }
    const progress = {
      number: module.number,
      lessonVisited: visited.has(module.number),
      exercisesSolved: ids.filter((id) => solvedIds.has(id)).length,
      exerciseCount: ids.length,
      quizzesPassed: quizzes.filter((q) => (best.get(q._id) ?? -1) >= QUIZ_PASS_MARK).length,
      quizCount: quizzes.length,
      bestScores,
    };
    done += (progress.lessonVisited ? 1 : 0) + progress.exercisesSolved + progress.quizzesPassed;
    total += 1 + progress.exerciseCount + progress.quizCount;
    return progress;
  });
  return { modules, done, total };
}

/** The module touched last: the latest lesson visit, solved exercise or quiz attempt. */
function lastTouched(
  content: CourseContent,
  visits: LessonVisits,
  solved: SolvedExercises,
  latestAttempt: LatestAttempt,
) {
  const events: { moduleNumber: number; at: string }[] = visits.map((v) => ({
    moduleNumber: v.moduleNumber,
    at: v.lastVisitedAt,
  }));
  for (const s of solved) {
    for (const [moduleNumber, ids] of content.exerciseIds) {
      if (ids.includes(s.exerciseId)) events.push({ moduleNumber, at: s.solvedAt });
    }
  }
  if (latestAttempt) {
    const quiz = content.quizzes.get(latestAttempt.quizId);
    if (quiz) events.push({ moduleNumber: quiz.moduleNumber, at: latestAttempt.at });
  }
  return events.reduce<(typeof events)[number] | undefined>(
    (latest, e) => (!latest || e.at > latest.at ? e : latest),
    undefined,
  );
}

/**
 * The first thing left in that module (issue 35): its lesson if never opened, else its first
 * exercise not yet solved, else its first quiz not yet passed, else the next module's lesson.
 */
function continueFrom(
  content: CourseContent,
  modules: ProgressReply['modules'],
  best: BestScores,
  solvedIds: ReadonlySet<string>,
  moduleNumber: number,
): ContinueTarget | null {
  const module = modules.find((m) => m.number === moduleNumber);
  const info = content.modules.find((m) => m.number === moduleNumber);
  if (!module || !info) return null;
  if (!module.lessonVisited) {
    return {
      path: `/dashboard/lessons/module${moduleNumber}`,
      label: `${info.title} Lesson`,
    };
  }
  const exercises = content.lessons.get(moduleNumber)?.exercises ?? [];
  const unsolved = exercises.findIndex((e) => !solvedIds.has(e.id));
  const exercise = exercises[unsolved];
  if (exercise) {
    return {
      path: `/dashboard/lessons/module${moduleNumber}#${exerciseAnchor(exercise.id)}`,
      label: `Exercise ${unsolved + 1} of ${info.title}: ${exercise.title}`,
    };
  }
  const nextQuiz = quizzesOf(content, moduleNumber).find(
    (q) => (best.get(q._id) ?? -1) < QUIZ_PASS_MARK,
  );
  if (nextQuiz) {
    return { path: `/dashboard/quiz/${nextQuiz._id}`, label: `${nextQuiz.title} Quiz` };
  }
  const following = content.modules.find((m) => m.number === moduleNumber + 1);
  if (!following) return null;
  return {
    path: `/dashboard/lessons/module${following.number}`,
    label: `${following.title} Lesson`,
  };
}
