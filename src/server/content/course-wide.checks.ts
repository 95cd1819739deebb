/* Rules that span modules: exercise ids, quiz titles and quiz slugs are unique in the course. */

import type {
  CourseExercise,
  CourseModule,
  CourseQuiz,
  ReadContext,
  SourceLocation,
} from './content.types.ts';

export function checkCourseWide(modules: readonly CourseModule[], ctx: ReadContext): void {
  const where = (item: object): SourceLocation => ctx.locations.get(item) ?? { file: '?', line: 0 };
  const ids = new Map<string, CourseExercise>();
  for (const module of modules) {
    module.exercises.forEach((exercise, index) => {
      const first = ids.get(exercise.id);
      if (first) {
        const at = where(first);
        ctx.problems.push({
          ...where(exercise),
          path: `exercises[${index}].id`,
          message: `duplicate id "${exercise.id}" (also at ${at.file}:${at.line})`,
          hint: 'exercise ids are unique in the whole course; change the short name or the number',
        });
      } else {
        ids.set(exercise.id, exercise);
      }
    });
  }
  checkQuizNames(
    modules.flatMap((m) => m.quizzes),
    where,
    ctx,
  );
}

function checkQuizNames(
  quizzes: readonly CourseQuiz[],
  where: (item: object) => SourceLocation,
  ctx: ReadContext,
): void {
  const titles = new Map<string, CourseQuiz>();
  const slugs = new Map<string, CourseQuiz>();
  for (const quiz of quizzes) {
    const at = where(quiz);
    const path = `quizzes[${quiz.position - 1}].title`;
    const sameTitle = titles.get(quiz.title.toLowerCase());
    const sameSlug = slugs.get(quiz.slug);
    if (quiz.slug === '') {
      ctx.problems.push({
        ...at,
        path,
        message: `"${quiz.title}" gives an empty URL slug`,
        hint: 'use letters or digits in the title',
      });
    } else if (sameTitle) {
      const first = where(sameTitle);
      ctx.problems.push({
        ...at,
        path,
        message: `duplicate quiz title "${quiz.title}" (also at ${first.file}:${first.line})`,
        hint: 'quiz titles are unique in the whole course',
      });
    } else if (sameSlug) {
      const first = where(sameSlug);
      ctx.problems.push({
        ...at,
        path,
        message: `quiz slug "${quiz.slug}" is also the slug of "${sameSlug.title}" (${first.file}:${first.line})`,
        hint: 'change the title so its URL slug differs',
      });
    }
    titles.set(quiz.title.toLowerCase(), sameTitle ?? quiz);
    if (quiz.slug !== '') slugs.set(quiz.slug, sameSlug ?? quiz);
  }
}
