/* exercises.yaml of one module: validated, counted against the curriculum, ids prefixed by module. */

import path from 'node:path';
import type { CurriculumModule } from '#shared/content/curriculum.ts';
import { exercisesFileSchema } from '#shared/content/schema.ts';
import type { CourseExercise, ReadContext } from './content.types.ts';
import { readYaml } from './yaml.reader.ts';

export async function readExercisesFile(
  dir: string,
  shownDir: string,
  expected: CurriculumModule,
  ctx: ReadContext,
): Promise<readonly CourseExercise[]> {
  const shown = `${shownDir}/exercises.yaml`;
  const yaml = await readYaml(
    path.join(dir, 'exercises.yaml'),
    shown,
    exercisesFileSchema,
    ctx.problems,
  );
  const exercises = yaml?.value?.exercises ?? [];
  if (!yaml?.value) return exercises;
  if (exercises.length !== expected.handsOnCount) {
    ctx.problems.push({
      file: shown,
      line: yaml.lineOf(['exercises']),
      path: 'exercises',
      message: `has ${exercises.length} exercises; module ${expected.number} has ${expected.handsOnCount} (SPEC section 3)`,
      hint: `write exactly ${expected.handsOnCount} exercises`,
    });
  }
  const prefix = `m${String(expected.number).padStart(2, '0')}-`;
  exercises.forEach((exercise, index) => {
    ctx.locations.set(exercise, { file: shown, line: yaml.lineOf(['exercises', index]) });
    if (!exercise.id.startsWith(prefix)) {
      ctx.problems.push({
        file: shown,
        line: yaml.lineOf(['exercises', index, 'id']),
        path: `exercises[${index}].id`,
        message: `"${exercise.id}" does not start with ${prefix}`,
        hint: `ids of module ${expected.number} start with ${prefix}, e.g. ${prefix}e${index + 1}-short-name`,
      });
    }
  });
  return exercises;
}
