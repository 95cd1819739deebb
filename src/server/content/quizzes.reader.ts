/*
 * quizzes.yaml of one module: validated, counted against the curriculum, each quiz and question
 * located for later reports, and the keyed answer used at every position in each quiz.
 */

import path from 'node:path';
import type { CurriculumModule } from '#shared/content/curriculum.ts';
import { quizzesFileSchema } from '#shared/content/schema.ts';
import type { Quiz } from '#shared/content/schema.ts';
import { quizSlug } from '#shared/content/slug.ts';
import type { ContentProblem, CourseQuiz, ReadContext } from './content.types.ts';
import { readYaml } from './yaml.reader.ts';
import type { YamlFile } from './yaml.reader.ts';

export async function readQuizzesFile(
  dir: string,
  shownDir: string,
  expected: CurriculumModule,
  ctx: ReadContext,
): Promise<readonly CourseQuiz[]> {
  const shown = `${shownDir}/quizzes.yaml`;
  const yaml = await readYaml(path.join(dir, 'quizzes.yaml'), shown, quizzesFileSchema, ctx.problems);
  if (!yaml?.value) return [];
  const list = yaml.value.quizzes;
  if (list.length !== expected.quizCount) {
    ctx.problems.push({
      file: shown,
      line: yaml.lineOf(['quizzes']),
      path: 'quizzes',
      message: `has ${list.length} quizzes; module ${expected.number} has ${expected.quizCount} (SPEC section 3)`,
      hint: `write exactly ${expected.quizCount} quiz${expected.quizCount === 1 ? '' : 'zes'}`,
    });
  }
  return list.map((quiz, index) => {
    const courseQuiz: CourseQuiz = {
      title: quiz.title,
      slug: quizSlug(quiz.title),
      moduleNumber: expected.number,
      position: index + 1,
      questions: quiz.questions,
    };
    ctx.locations.set(courseQuiz, { file: shown, line: yaml.lineOf(['quizzes', index]) });
    quiz.questions.forEach((question, q) => {
      ctx.locations.set(question, {
        file: shown,
        line: yaml.lineOf(['quizzes', index, 'questions', q]),
      });
    });
    const unused = unusedPositions(quiz, index, shown, yaml);
    if (unused) ctx.problems.push(unused);
    return courseQuiz;
  });
}

/** A problem when some answer position (0..3) is never the keyed one in the quiz. */
function unusedPositions(
  quiz: Quiz,
  index: number,
  shown: string,
  yaml: YamlFile<unknown>,
): ContentProblem | undefined {
  const used = [0, 0, 0, 0];
  for (const question of quiz.questions) used[question.correct] = (used[question.correct] ?? 0) + 1;
  const unused = used.flatMap((count, position) => (count === 0 ? [position] : []));
  if (unused.length === 0) return undefined;
  return {
    file: shown,
    line: yaml.lineOf(['quizzes', index]),
    path: `quizzes[${index}]`,
    message: `the right answer is never at position ${unused.join(' or ')} (correct: ${used
      .map((count, position) => `${position}×${count}`)
      .join(', ')})`,
    hint: 'spread the correct index over all four positions by reordering some answers',
  };
}
