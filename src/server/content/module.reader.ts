/* One module folder: which files it holds, then each file through its own reader. */

import path from 'node:path';
import type { CurriculumModule } from '#shared/content/curriculum.ts';
import { listDir } from './content.files.ts';
import type { DirEntry } from './content.files.ts';
import type { CourseModule, ReadContext } from './content.types.ts';
import { readExercisesFile } from './exercises.reader.ts';
import { readLessonFile } from './lesson.reader.ts';
import { readModuleYaml } from './module-yaml.reader.ts';
import { readQuizzesFile } from './quizzes.reader.ts';

export const MODULE_FILES = ['module.yaml', 'lesson.md', 'exercises.yaml', 'quizzes.yaml'] as const;
/** Written by `npm run verify:content -- --write-pictures` when the lesson has picture checkpoints. */
export const PICTURES_FILE = 'pictures.json';

export async function readModule(
  rootDir: string,
  expected: CurriculumModule,
  shownDir: string,
  ctx: ReadContext,
): Promise<CourseModule> {
  const dir = path.join(rootDir, 'modules', expected.folder);
  const entries = (await listDir(dir)) ?? [];
  checkModuleFiles(entries, shownDir, ctx);
  const info = await readModuleYaml(dir, shownDir, expected, ctx);
  const lesson = await readLessonFile(
    dir,
    shownDir,
    entries.some((e) => e.name === 'lesson.md'),
    entries.filter(isDiagramFile).map((e) => e.name),
    ctx,
  );
  const exercises = await readExercisesFile(dir, shownDir, expected, ctx);
  const quizzes = await readQuizzesFile(dir, shownDir, expected, ctx);
  return {
    number: expected.number,
    title: expected.title,
    folder: expected.folder,
    description: info?.description ?? '',
    recap: info?.recap ?? [],
    next: info?.next ?? '',
    lesson,
    exercises,
    quizzes,
  };
}

/** The lesson's diagrams live beside it; lesson.reader.ts reads them and reports any it does not show. */
function isDiagramFile(entry: DirEntry): boolean {
  return !entry.isDirectory && entry.name.endsWith('.svg');
}

/** Every expected file is there and nothing else is (besides the lesson's SVG diagrams). */
function checkModuleFiles(entries: readonly DirEntry[], shownDir: string, ctx: ReadContext): void {
  for (const entry of entries) {
    const known = (MODULE_FILES as readonly string[]).includes(entry.name);
    if (!known && entry.name !== PICTURES_FILE && !isDiagramFile(entry)) {
      ctx.problems.push({
        file: `${shownDir}/${entry.name}`,
        message: 'unexpected file in a module folder',
        hint: `a module folder holds only ${MODULE_FILES.join(', ')}, SVG diagrams and ${PICTURES_FILE}`,
      });
    }
  }
  for (const name of MODULE_FILES) {
    if (!entries.some((e) => e.name === name && !e.isDirectory)) {
      ctx.problems.push({
        file: `${shownDir}/${name}`,
        message: 'file is missing',
        hint: 'every module folder needs module.yaml, lesson.md, exercises.yaml and quizzes.yaml',
      });
    }
  }
}
