import { QUIZ_PASS_MARK } from '#shared/quiz-rules.ts';

/** Where a learner goes after a quiz: the link and what it says. */
export interface NextStep {
  to: string;
  label: string;
}

/** Minutes a beginner needs per question, to say "about N minutes" before a quiz starts. */
const MINUTES_PER_QUESTION = 0.75;

/** How long a quiz is: "12 questions, about 9 minutes". */
export function quizLength(total: number): string {
  const minutes = Math.max(1, Math.round(total * MINUTES_PER_QUESTION));
  return `${total} questions, about ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The line above the first question (issue 35): what the quiz asks of the learner. */
export function quizIntro(total: number): string {
  return `${quizLength(total)}. ${QUIZ_PASS_MARK}% passes, and you can retake it as often as you like.`;
}

export const hasPassed = (score: number): boolean => score >= QUIZ_PASS_MARK;

/**
 * What comes after this quiz: the module's next quiz, else the next module's lesson, else (the last
 * module's last quiz) nothing beyond the dashboard. `quizzes` is the course's list in order (GET /api/quizzes);
 * without it, or without the modules' titles, the next lesson is still named by its number.
 */
export function nextStep(
  quiz: { _id: string; quizNumber: number },
  quizzes: readonly { _id: string; title: string; quizNumber: number }[] | undefined,
  moduleTitles: readonly string[] | undefined,
): NextStep | null {
  const here = quizzes?.findIndex((q) => q._id === quiz._id) ?? -1;
  const following = here >= 0 ? quizzes?.[here + 1] : undefined;
  if (following && following.quizNumber === quiz.quizNumber) {
    return { to: `/dashboard/quiz/${following._id}`, label: `Next: ${following.title} Quiz` };
  }
  const nextModule = quiz.quizNumber + 1;
  if (nextModule <= 15) {
    const title = moduleTitles?.[nextModule - 1];
    return {
      to: `/dashboard/lessons/module${nextModule}`,
      label: title ? `Next: ${title} Lesson` : `Next: the module ${nextModule} lesson`,
    };
  }
  // The course's last quiz: Return to Dashboard (SPEC 2), beside it already, is the way on.
  return null;
}
