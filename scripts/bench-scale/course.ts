import type { CourseContent } from '#server/content/course-content.ts';

/** What the fill needs to know of the course: real quiz and exercise ids, answers and code. */
export interface CourseFacts {
  /** In course order. `answers[i][j]` is answer j of question i, already JSON-encoded. */
  quizzes: readonly { id: string; module: number; answers: string[][]; correct: number[] }[];
  /** In course order, so a learner who has done n exercises has done the first n. */
  exercises: readonly { id: string; module: number; starter: string; solution: string }[];
  /** `quizzesUpTo[m]`: how many quizzes modules 1 to m hold together. */
  quizzesUpTo: readonly number[];
  /** `firstExercise.get(m)`: the index in `exercises` of module m's first exercise. */
  firstExercise: ReadonlyMap<number, number>;
}

export function courseFacts(content: CourseContent): CourseFacts {
  const quizzes = content.quizList.map((summary) => {
    const quiz = content.quizzes.get(summary._id);
    if (!quiz) throw new Error(`quiz ${summary._id} is listed but not loaded`);
    return {
      id: quiz.slug,
      module: quiz.moduleNumber,
      answers: quiz.questions.map((q) => q.answers.map((a) => JSON.stringify(a))),
      correct: quiz.questions.map((q) => q.correct),
    };
  });
  const exercises = [...content.lessons.values()]
    .sort((a, b) => a.module.number - b.module.number)
    .flatMap((lesson) =>
      lesson.exercises.map((e) => ({
        id: e.id,
        module: lesson.module.number,
        starter: e.starter,
        solution: e.solution,
      })),
    );
  const lastModule = Math.max(...content.modules.map((m) => m.number));
  const quizzesUpTo = Array.from(
    { length: lastModule + 1 },
    (_, m) => quizzes.filter((q) => q.module <= m).length,
  );
  const firstExercise = new Map<number, number>();
  exercises.forEach((e, i) => {
    if (!firstExercise.has(e.module)) firstExercise.set(e.module, i);
  });
  return { quizzes, exercises, quizzesUpTo, firstExercise };
}
