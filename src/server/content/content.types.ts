/*
 * The shapes the content loader returns and the problems it reports (format: content/README.md).
 * Kept apart from the readers so each reader, the course-wide checks and the verifier share them.
 */

import type { Drawing } from '#shared/content/drawing.ts';
import type { FencedBlock } from '#shared/content/fenced-blocks.ts';
import type { DiagramRef, PythonBlock } from '#shared/content/lesson-blocks.ts';
import type { Exercise, Question } from '#shared/content/schema.ts';
import type { PreparedSvg } from './diagram.svg.ts';

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
  /** The diagrams the lesson shows, in order, each checked and ready to inline. */
  readonly diagrams: readonly LessonDiagram[];
  /**
   * What each picture option of the lesson's checkpoints draws, by its code without trailing white
   * space: pictures.json beside lesson.md, which the verifier writes and proves up to date
   * (decision 0039), so that no page needs Python to show the pictures.
   */
  readonly pictures: Readonly<Record<string, Drawing>>;
}

export interface LessonDiagram extends DiagramRef {
  readonly svg: PreparedSvg;
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

/** A project (content/README.md, "Projects"): its steps are checked as exercises are. */
export interface CourseProject {
  readonly number: number;
  readonly slug: string;
  readonly title: string;
  /** Recommended after this module. */
  readonly after: number;
  /** One sentence: what the finished program does (the public certificate page shows it). */
  readonly summary: string;
  /** Markdown. */
  readonly intro: string;
  /** The name "Download the program" saves the main program as. */
  readonly file: string;
  readonly folder: string;
  /** Each step as the exercise it is checked as; a later step's `starter` is the previous solution. */
  readonly steps: readonly CourseExercise[];
}

export interface Course {
  /** The modules that exist, in curriculum order (content is written incrementally). */
  readonly modules: readonly CourseModule[];
  /** The projects that exist, by number. */
  readonly projects: readonly CourseProject[];
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

/** What every reader writes into: the problems found so far and where each item was written. */
export interface ReadContext {
  readonly problems: ContentProblem[];
  readonly locations: WeakMap<object, SourceLocation>;
}
