/*
 * Reads content/ (format: content/README.md), validates every file with the shared schemas and the
 * cross-file rules, and either returns the course as one frozen object or reports EVERY problem at
 * once, each with its file, line and a hint, so a writer fixes them all in one pass.
 */

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import type { Document } from 'yaml';
import type { z } from 'zod';
import { CURRICULUM, curriculumModule } from '#shared/content/curriculum.ts';
import type { CurriculumModule } from '#shared/content/curriculum.ts';
import { parseLesson } from '#shared/content/lesson-blocks.ts';
import type { FencedBlock, PythonBlock } from '#shared/content/lesson-blocks.ts';
import {
  articleFrontMatterSchema,
  exercisesFileSchema,
  hintFor,
  legalFrontMatterSchema,
  moduleFileSchema,
  quizzesFileSchema,
} from '#shared/content/schema.ts';
import type { Exercise, Question } from '#shared/content/schema.ts';
import { quizSlug } from '#shared/content/slug.ts';

export const MIN_LESSON_WORDS = 2_000;

type DeepReadonly<T> = T extends (infer E)[]
  ? readonly DeepReadonly<E>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

export type CourseExercise = DeepReadonly<Exercise>;
export type CourseQuestion = DeepReadonly<Question>;

export interface CourseQuiz {
  readonly title: string;
  readonly slug: string;
  readonly moduleNumber: number;
  /** 1-based position among its module's quizzes. */
  readonly position: number;
  readonly questions: readonly CourseQuestion[];
}

export interface CourseLesson {
  readonly markdown: string;
  readonly blocks: readonly FencedBlock[];
  readonly python: readonly PythonBlock[];
  readonly proseWords: number;
}

export interface CourseModule {
  readonly number: number;
  readonly title: string;
  readonly folder: string;
  readonly description: string;
  readonly recap: readonly string[];
  readonly next: string;
  readonly lesson: CourseLesson;
  readonly exercises: readonly CourseExercise[];
  readonly quizzes: readonly CourseQuiz[];
}

export interface Article {
  readonly slug: string;
  readonly title: string;
  readonly description: string;
  readonly markdown: string;
}

export interface LegalPage {
  readonly title: string;
  /** YYYY-MM-DD */
  readonly updated: string;
  readonly markdown: string;
}

export interface Course {
  /** The modules that exist, in curriculum order (content is written incrementally). */
  readonly modules: readonly CourseModule[];
  readonly articles: readonly Article[];
  readonly legal: { readonly privacy?: LegalPage; readonly terms?: LegalPage };
}

export interface SourceLocation {
  /** Path shown to people, e.g. `content/modules/03-control-flow/quizzes.yaml`. */
  readonly file: string;
  readonly line: number;
}

export interface ContentProblem {
  readonly file: string;
  readonly line?: number;
  /** Where inside the file, e.g. `quizzes[1].questions[3].correct`. */
  readonly path?: string;
  readonly message: string;
  readonly hint?: string;
}

export function formatProblem(problem: ContentProblem): string {
  const at = problem.line !== undefined ? `${problem.file}:${problem.line}` : problem.file;
  const inside = problem.path ? ` ${problem.path}:` : '';
  const hint = problem.hint ? ` (hint: ${problem.hint})` : '';
  return `${at}${inside} ${problem.message}${hint}`;
}

export class ContentError extends Error {
  readonly problems: readonly ContentProblem[];

  constructor(problems: readonly ContentProblem[]) {
    super(
      `content has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n` +
        problems.map(formatProblem).join('\n'),
    );
    this.name = 'ContentError';
    this.problems = problems;
  }
}

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

const MODULE_FILES = ['module.yaml', 'lesson.md', 'exercises.yaml', 'quizzes.yaml'] as const;
const LEGAL_FILES = ['privacy', 'terms'] as const;
const ARTICLE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Reads everything it can and collects every problem instead of stopping at the first. */
export async function scanContent(
  rootDir: string,
  options: LoadOptions = {},
): Promise<ContentScan> {
  const problems: ContentProblem[] = [];
  const locations = new WeakMap<object, SourceLocation>();
  const shown = (...parts: string[]): string =>
    [path.basename(path.resolve(rootDir)), ...parts].join('/');

  const modules: CourseModule[] = [];
  const moduleDirs = await listDir(path.join(rootDir, 'modules'));
  for (const entry of moduleDirs ?? []) {
    const number = /^(\d\d)-/.exec(entry.name)?.[1];
    const expected = number !== undefined ? curriculumModule(Number(number)) : undefined;
    if (options.only && !(expected && options.only.includes(expected.number))) continue;
    if (!entry.isDirectory) {
      problems.push({
        file: shown('modules', entry.name),
        message: 'unexpected file in content/modules',
        hint: 'module material lives in folders such as modules/03-control-flow/',
      });
      continue;
    }
    if (!expected) {
      problems.push({
        file: shown('modules', entry.name),
        message: 'unknown module folder',
        hint: `module folders are ${CURRICULUM.map((m) => m.folder).join(', ')}`,
      });
      continue;
    }
    if (entry.name !== expected.folder) {
      problems.push({
        file: shown('modules', entry.name),
        message: `module ${expected.number} folder is misnamed`,
        hint: `rename it to ${expected.folder}`,
      });
      continue;
    }
    modules.push(
      await readModule(rootDir, expected, shown('modules', entry.name), problems, locations),
    );
  }
  modules.sort((a, b) => a.number - b.number);
  checkCourseWide(modules, problems, locations);

  const articles = options.only ? [] : await readArticles(rootDir, shown, problems);
  const legal = options.only ? {} : await readLegal(rootDir, shown, problems);

  const course: Course = deepFreeze({ modules, articles, legal });
  return {
    course,
    problems: Object.freeze(problems),
    locate: (item) => locations.get(item),
  };
}

interface DirEntry {
  name: string;
  isDirectory: boolean;
}

async function listDir(dir: string): Promise<DirEntry[] | undefined> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries
      .filter((e) => !e.name.startsWith('.'))
      .map((e) => ({ name: e.name, isDirectory: e.isDirectory() }))
      .sort((a, b) => a.name.localeCompare(b.name));
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

async function readModule(
  rootDir: string,
  expected: CurriculumModule,
  shownDir: string,
  problems: ContentProblem[],
  locations: WeakMap<object, SourceLocation>,
): Promise<CourseModule> {
  const dir = path.join(rootDir, 'modules', expected.folder);
  const entries = (await listDir(dir)) ?? [];
  for (const entry of entries) {
    if (!(MODULE_FILES as readonly string[]).includes(entry.name)) {
      problems.push({
        file: `${shownDir}/${entry.name}`,
        message: 'unexpected file in a module folder',
        hint: `a module folder holds only ${MODULE_FILES.join(', ')}`,
      });
    }
  }
  for (const name of MODULE_FILES) {
    if (!entries.some((e) => e.name === name && !e.isDirectory)) {
      problems.push({
        file: `${shownDir}/${name}`,
        message: 'file is missing',
        hint: 'every module folder needs module.yaml, lesson.md, exercises.yaml and quizzes.yaml',
      });
    }
  }

  // module.yaml
  const moduleShown = `${shownDir}/module.yaml`;
  const moduleYaml = await readYaml(
    path.join(dir, 'module.yaml'),
    moduleShown,
    moduleFileSchema,
    problems,
  );
  const info = moduleYaml?.value;
  if (moduleYaml && info) {
    if (info.number !== expected.number) {
      problems.push({
        file: moduleShown,
        line: moduleYaml.lineOf(['number']),
        path: 'number',
        message: `is ${info.number}, but the folder is module ${expected.number}`,
        hint: `write number: ${expected.number}`,
      });
    }
    if (info.title !== expected.title) {
      problems.push({
        file: moduleShown,
        line: moduleYaml.lineOf(['title']),
        path: 'title',
        message: `"${info.title}" is not the title in SPEC section 3`,
        hint: `write title: ${expected.title}`,
      });
    }
  }

  // lesson.md
  const lessonShown = `${shownDir}/lesson.md`;
  const markdown = (await readText(path.join(dir, 'lesson.md'))) ?? '';
  const parsed = parseLesson(markdown);
  if (markdown !== '' || entries.some((e) => e.name === 'lesson.md')) {
    for (const p of parsed.problems) {
      problems.push({ file: lessonShown, line: p.line, message: p.message, hint: p.hint });
    }
    if (parsed.proseWords < MIN_LESSON_WORDS) {
      problems.push({
        file: lessonShown,
        message: `has ${parsed.proseWords} words of prose; a lesson needs at least ${MIN_LESSON_WORDS}`,
        hint: 'code and output blocks do not count; explain more, with more worked examples',
      });
    }
  }

  // exercises.yaml
  const exercisesShown = `${shownDir}/exercises.yaml`;
  const exercisesYaml = await readYaml(
    path.join(dir, 'exercises.yaml'),
    exercisesShown,
    exercisesFileSchema,
    problems,
  );
  const exercises = exercisesYaml?.value?.exercises ?? [];
  if (exercisesYaml?.value) {
    if (exercises.length !== expected.handsOnCount) {
      problems.push({
        file: exercisesShown,
        line: exercisesYaml.lineOf(['exercises']),
        path: 'exercises',
        message: `has ${exercises.length} exercises; module ${expected.number} has ${expected.handsOnCount} (SPEC section 3)`,
        hint: `write exactly ${expected.handsOnCount} exercises`,
      });
    }
    const prefix = `m${String(expected.number).padStart(2, '0')}-`;
    exercises.forEach((exercise, index) => {
      const line = exercisesYaml.lineOf(['exercises', index]);
      locations.set(exercise, { file: exercisesShown, line });
      if (!exercise.id.startsWith(prefix)) {
        problems.push({
          file: exercisesShown,
          line: exercisesYaml.lineOf(['exercises', index, 'id']),
          path: `exercises[${index}].id`,
          message: `"${exercise.id}" does not start with ${prefix}`,
          hint: `ids of module ${expected.number} start with ${prefix}, e.g. ${prefix}e${index + 1}-short-name`,
        });
      }
    });
  }

  // quizzes.yaml
  const quizzesShown = `${shownDir}/quizzes.yaml`;
  const quizzesYaml = await readYaml(
    path.join(dir, 'quizzes.yaml'),
    quizzesShown,
    quizzesFileSchema,
    problems,
  );
  const quizzes: CourseQuiz[] = [];
  if (quizzesYaml?.value) {
    const list = quizzesYaml.value.quizzes;
    if (list.length !== expected.quizCount) {
      problems.push({
        file: quizzesShown,
        line: quizzesYaml.lineOf(['quizzes']),
        path: 'quizzes',
        message: `has ${list.length} quizzes; module ${expected.number} has ${expected.quizCount} (SPEC section 3)`,
        hint: `write exactly ${expected.quizCount} quiz${expected.quizCount === 1 ? '' : 'zes'}`,
      });
    }
    list.forEach((quiz, index) => {
      const courseQuiz: CourseQuiz = {
        title: quiz.title,
        slug: quizSlug(quiz.title),
        moduleNumber: expected.number,
        position: index + 1,
        questions: quiz.questions,
      };
      quizzes.push(courseQuiz);
      locations.set(courseQuiz, {
        file: quizzesShown,
        line: quizzesYaml.lineOf(['quizzes', index]),
      });
      quiz.questions.forEach((question, q) => {
        locations.set(question, {
          file: quizzesShown,
          line: quizzesYaml.lineOf(['quizzes', index, 'questions', q]),
        });
      });
      const used = [0, 0, 0, 0];
      for (const question of quiz.questions)
        used[question.correct] = (used[question.correct] ?? 0) + 1;
      const unused = used.flatMap((count, position) => (count === 0 ? [position] : []));
      if (unused.length > 0) {
        problems.push({
          file: quizzesShown,
          line: quizzesYaml.lineOf(['quizzes', index]),
          path: `quizzes[${index}]`,
          message: `the right answer is never at position ${unused.join(' or ')} (correct: ${used
            .map((count, position) => `${position}×${count}`)
            .join(', ')})`,
          hint: 'spread the correct index over all four positions by reordering some answers',
        });
      }
    });
  }

  return {
    number: expected.number,
    title: expected.title,
    folder: expected.folder,
    description: info?.description ?? '',
    recap: info?.recap ?? [],
    next: info?.next ?? '',
    lesson: {
      markdown,
      blocks: parsed.blocks,
      python: parsed.python,
      proseWords: parsed.proseWords,
    },
    exercises,
    quizzes,
  };
}

/** Rules that span modules: ids, quiz titles and quiz slugs are unique in the course. */
function checkCourseWide(
  modules: readonly CourseModule[],
  problems: ContentProblem[],
  locations: WeakMap<object, SourceLocation>,
): void {
  const where = (item: object): SourceLocation => locations.get(item) ?? { file: '?', line: 0 };
  const ids = new Map<string, CourseExercise>();
  const titles = new Map<string, CourseQuiz>();
  const slugs = new Map<string, CourseQuiz>();
  for (const module of modules) {
    module.exercises.forEach((exercise, index) => {
      const first = ids.get(exercise.id);
      if (first) {
        const at = where(first);
        problems.push({
          ...where(exercise),
          path: `exercises[${index}].id`,
          message: `duplicate id "${exercise.id}" (also at ${at.file}:${at.line})`,
          hint: 'exercise ids are unique in the whole course; change the short name or the number',
        });
      } else {
        ids.set(exercise.id, exercise);
      }
    });
    for (const quiz of module.quizzes) {
      const at = where(quiz);
      const path = `quizzes[${quiz.position - 1}].title`;
      const sameTitle = titles.get(quiz.title.toLowerCase());
      const sameSlug = slugs.get(quiz.slug);
      if (quiz.slug === '') {
        problems.push({
          ...at,
          path,
          message: `"${quiz.title}" gives an empty URL slug`,
          hint: 'use letters or digits in the title',
        });
      } else if (sameTitle) {
        const first = where(sameTitle);
        problems.push({
          ...at,
          path,
          message: `duplicate quiz title "${quiz.title}" (also at ${first.file}:${first.line})`,
          hint: 'quiz titles are unique in the whole course',
        });
      } else if (sameSlug) {
        const first = where(sameSlug);
        problems.push({
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
}

async function readArticles(
  rootDir: string,
  shown: (...parts: string[]) => string,
  problems: ContentProblem[],
): Promise<Article[]> {
  const articles: Article[] = [];
  for (const entry of (await listDir(path.join(rootDir, 'articles'))) ?? []) {
    const file = shown('articles', entry.name);
    const slug = entry.name.replace(/\.md$/, '');
    if (entry.isDirectory || !entry.name.endsWith('.md') || !ARTICLE_SLUG.test(slug)) {
      problems.push({
        file,
        message: 'unexpected entry in content/articles',
        hint: 'articles are files named like should-i-learn-to-code.md (lower case, hyphens)',
      });
      continue;
    }
    const source = (await readText(path.join(rootDir, 'articles', entry.name))) ?? '';
    const page = readFrontMatter(source, file, articleFrontMatterSchema, problems);
    if (page) {
      articles.push({
        slug,
        title: page.data.title,
        description: page.data.description,
        markdown: page.body,
      });
    }
  }
  return articles;
}

async function readLegal(
  rootDir: string,
  shown: (...parts: string[]) => string,
  problems: ContentProblem[],
): Promise<{ privacy?: LegalPage; terms?: LegalPage }> {
  const legal: { privacy?: LegalPage; terms?: LegalPage } = {};
  for (const entry of (await listDir(path.join(rootDir, 'legal'))) ?? []) {
    const file = shown('legal', entry.name);
    const name = LEGAL_FILES.find((n) => entry.name === `${n}.md`);
    if (entry.isDirectory || !name) {
      problems.push({
        file,
        message: 'unexpected entry in content/legal',
        hint: 'content/legal holds privacy.md and terms.md',
      });
      continue;
    }
    const source = (await readText(path.join(rootDir, 'legal', entry.name))) ?? '';
    const page = readFrontMatter(source, file, legalFrontMatterSchema, problems);
    if (page) legal[name] = { ...page.data, markdown: page.body };
  }
  return legal;
}

interface YamlFile<T> {
  /** Undefined when the file is missing, is not valid YAML or does not match the schema. */
  readonly value?: T;
  /** The 1-based line of the node at `path`, or of the nearest enclosing node that exists. */
  lineOf(path: readonly PropertyKey[]): number;
}

async function readYaml<T>(
  file: string,
  shownFile: string,
  schema: z.ZodType<T>,
  problems: ContentProblem[],
): Promise<YamlFile<T> | undefined> {
  const source = await readText(file);
  if (source === undefined) return undefined;
  return parseYaml(source, shownFile, schema, problems, 0);
}

function parseYaml<T>(
  source: string,
  shownFile: string,
  schema: z.ZodType<T>,
  problems: ContentProblem[],
  lineOffset: number,
): YamlFile<T> {
  const lineCounter = new LineCounter();
  // Failsafe: every scalar is a string, so an answer written `- 3.0` is "3.0", not the number 3.
  const doc = parseDocument(source, { schema: 'failsafe', lineCounter, prettyErrors: true });
  const lineOf = (at: readonly PropertyKey[]): number =>
    nodeLine(doc, at, lineCounter) + lineOffset;
  const yamlProblems = [...doc.errors, ...doc.warnings];
  for (const error of yamlProblems) {
    problems.push({
      file: shownFile,
      line: (error.linePos?.[0].line ?? 1) + lineOffset,
      // Pretty errors end their first line with the position, which the problem already shows.
      message: `YAML: ${(error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '')}`,
      hint: 'check the indentation, and use a `|` block for text holding `: ` or starting with a quote',
    });
  }
  if (yamlProblems.length > 0) return { lineOf };
  const result = schema.safeParse(doc.toJS());
  if (result.success) return { value: result.data, lineOf };
  for (const issue of result.error.issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [undefined];
    for (const key of keys) {
      const at = key === undefined ? issue.path : [...issue.path, key];
      problems.push({
        file: shownFile,
        line: lineOf(at),
        path: formatPath(at) || '(top level)',
        ...describeIssue(issue, key, nodeAt(doc, at)),
      });
    }
  }
  return { lineOf };
}

function describeIssue(
  issue: z.core.$ZodIssue,
  key: string | undefined,
  node: unknown,
): { message: string; hint?: string } {
  if (key !== undefined) {
    return { message: `unknown key "${key}"`, ...optionalHint(hintFor(issue.path, issue)) };
  }
  // The commonest YAML slip: a plain line holding ": " is read as a key and a value.
  if (issue.code === 'invalid_type' && issue.expected === 'string' && isMap(node)) {
    return {
      message: 'is a "key: value" pair, not text (YAML reads ": " inside a plain line as a key)',
      hint: 'put the whole text in double quotes, or write it as a `>-` block on the next lines',
    };
  }
  return { message: issue.message, ...optionalHint(hintFor(issue.path, issue)) };
}

function optionalHint(hint: string | undefined): { hint?: string } {
  return hint ? { hint } : {};
}

function readFrontMatter<T>(
  source: string,
  shownFile: string,
  schema: z.ZodType<T>,
  problems: ContentProblem[],
): { data: T; body: string } | undefined {
  const match = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(source);
  if (!match) {
    problems.push({
      file: shownFile,
      line: 1,
      message: 'has no front matter',
      hint: 'start the file with a --- line, the YAML fields, and another --- line',
    });
    return undefined;
  }
  const parsed = parseYaml(match[1] ?? '', shownFile, schema, problems, 1);
  const body = source.slice(match[0].length);
  if (body.trim() === '') {
    problems.push({ file: shownFile, message: 'has no text after the front matter' });
  }
  return parsed.value === undefined ? undefined : { data: parsed.value, body };
}

function formatPath(at: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of at) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out;
}

/** The deepest node along `at` that exists, and the offset where it (or its key) starts. */
function walk(
  doc: Document,
  at: readonly PropertyKey[],
): { node: unknown; offset: number; complete: boolean } {
  let node: unknown = doc.contents;
  let offset = rangeStart(node) ?? 0;
  for (const segment of at) {
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && item.key.value === segment);
      if (!pair) return { node, offset, complete: false };
      // The key's line: for `code: |` the value starts a line later, but the key is what people look for.
      offset = rangeStart(pair.key) ?? offset;
      node = pair.value;
    } else if (isSeq(node) && typeof segment === 'number') {
      const item: unknown = node.items[segment];
      if (item === undefined) return { node, offset, complete: false };
      offset = rangeStart(item) ?? offset;
      node = item;
    } else {
      return { node, offset, complete: false };
    }
  }
  return { node, offset, complete: true };
}

function nodeAt(doc: Document, at: readonly PropertyKey[]): unknown {
  const found = walk(doc, at);
  return found.complete ? found.node : undefined;
}

function nodeLine(doc: Document, at: readonly PropertyKey[], lineCounter: LineCounter): number {
  return lineCounter.linePos(walk(doc, at).offset).line;
}

function rangeStart(node: unknown): number | undefined {
  if (typeof node === 'object' && node !== null && 'range' in node) {
    const range: unknown = node.range;
    if (Array.isArray(range) && typeof range[0] === 'number') return range[0];
  }
  return undefined;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
