/*
 * Reads content/ (format: content/README.md), validates every file with the shared schemas and the
 * cross-file rules, and either returns the course as one frozen object or reports EVERY problem at
 * once, each with its file, line and a hint, so a writer fixes them all in one pass.
 *
 * Each file has its own reader (module.reader.ts and the readers it calls, pages.reader.ts); this
 * file walks the folders and puts the results together.
 */

import path from 'node:path';
import { CURRICULUM, curriculumModule } from '#shared/content/curriculum.ts';
import { deepFreeze, listDir } from './content.files.ts';
import { ContentError } from './content.types.ts';
import type {
  Course,
  CourseModule,
  ContentProblem,
  ReadContext,
  SourceLocation,
} from './content.types.ts';
import { checkCourseWide } from './course-wide.checks.ts';
import { readModule } from './module.reader.ts';
import { readArticles, readLegal } from './pages.reader.ts';
import { readProjects } from './projects.reader.ts';

export * from './content.types.ts';
export { MIN_LESSON_WORDS } from './lesson.reader.ts';

export interface ContentScan {
  /** Everything that could be read; complete only when `problems` is empty. */
  readonly course: Course;
  readonly problems: readonly ContentProblem[];
  /** Where an exercise, quiz or question of `course` was written. */
  locate(item: object): SourceLocation | undefined;
}

export interface LoadOptions {
  /** Only these module numbers (the verifier's --only); course-wide checks then cover only them. */
  readonly only?: readonly number[];
}

/** Loads and validates content/; throws a ContentError listing every problem. */
export async function loadContent(rootDir: string, options: LoadOptions = {}): Promise<Course> {
  const scan = await scanContent(rootDir, options);
  if (scan.problems.length > 0) throw new ContentError(scan.problems);
  return scan.course;
}

/** Reads everything it can and collects every problem instead of stopping at the first. */
export async function scanContent(
  rootDir: string,
  options: LoadOptions = {},
): Promise<ContentScan> {
  const ctx: ReadContext = { problems: [], locations: new WeakMap() };
  const shown = (...parts: string[]): string =>
    [path.basename(path.resolve(rootDir)), ...parts].join('/');

  const modules = await readModules(rootDir, shown, options, ctx);
  checkCourseWide(modules, ctx);
  // Projects draw on the whole course; verifying a few modules (--only) leaves them out.
  const projects = options.only ? [] : await readProjects(rootDir, shown, ctx);

  const articles = options.only ? [] : await readArticles(rootDir, shown, ctx.problems);
  const legal = options.only ? {} : await readLegal(rootDir, shown, ctx.problems);

  const course: Course = deepFreeze({ modules, projects, articles, legal });
  return {
    course,
    problems: Object.freeze(ctx.problems),
    locate: (item) => ctx.locations.get(item),
  };
}

/** Every module folder that matches the curriculum, in curriculum order. */
async function readModules(
  rootDir: string,
  shown: (...parts: string[]) => string,
  options: LoadOptions,
  ctx: ReadContext,
): Promise<CourseModule[]> {
  const modules: CourseModule[] = [];
  for (const entry of (await listDir(path.join(rootDir, 'modules'))) ?? []) {
    const number = /^(\d\d)-/.exec(entry.name)?.[1];
    const expected = number !== undefined ? curriculumModule(Number(number)) : undefined;
    if (options.only && !(expected && options.only.includes(expected.number))) continue;
    const file = shown('modules', entry.name);
    if (!entry.isDirectory) {
      ctx.problems.push({
        file,
        message: 'unexpected file in content/modules',
        hint: 'module material lives in folders such as modules/03-control-flow/',
      });
    } else if (!expected) {
      ctx.problems.push({
        file,
        message: 'unknown module folder',
        hint: `module folders are ${CURRICULUM.map((m) => m.folder).join(', ')}`,
      });
    } else if (entry.name !== expected.folder) {
      ctx.problems.push({
        file,
        message: `module ${expected.number} folder is misnamed`,
        hint: `rename it to ${expected.folder}`,
      });
    } else {
      modules.push(await readModule(rootDir, expected, file, ctx));
    }
  }
  return modules.sort((a, b) => a.number - b.number);
}
