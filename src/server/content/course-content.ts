import type { PictureOption } from '#shared/content/picture-options.ts';
import type { LessonExercise, LessonReply } from '#shared/api/lesson.schema.ts';
import { compareSpecSchema } from '#shared/content/compare-spec.ts';
import type { PublicModule } from '#shared/api/modules.schema.ts';
import type { ProjectReply } from '#shared/api/projects.schema.ts';
import type { QuizReply, QuizSummary } from '#shared/api/quiz.schema.ts';
import { LESSONS_PER_MODULE } from '#shared/content/curriculum.ts';
import { quizSlug } from '#shared/content/slug.ts';
import { loadContent } from './content.loader.ts';
import type { Course, CourseExercise, CourseModule, CourseQuiz } from './content.loader.ts';
import { createMarkdownRenderer, type MarkdownRenderer } from './content.render.ts';

/*
 * The course as the API serves it: loaded and validated once at start-up, Markdown rendered and code
 * highlighted once, and every public shape prepared ahead so requests only look things up. Correct
 * answers and explanations live only in `quizzes` (the graded form) and never in a prepared reply.
 */

export interface GradableQuestion {
  readonly questionText: string;
  readonly answers: readonly string[];
  readonly correct: number;
  readonly explanation: string;
}

export interface GradableQuiz {
  readonly slug: string;
  readonly title: string;
  readonly moduleNumber: number;
  readonly questions: readonly GradableQuestion[];
}

export interface CourseContent {
  readonly modules: readonly PublicModule[];
  /** Every quiz in course order, as GET /api/quizzes sends them. */
  readonly quizList: readonly QuizSummary[];
  /** Keyed by slug. */
  readonly quizzes: ReadonlyMap<string, GradableQuiz>;
  /** The reply of GET /api/quiz-by-title, keyed by slug: no correct answers, no explanations. */
  readonly quizReplies: ReadonlyMap<string, QuizReply>;
  /** Keyed by module number. */
  readonly lessons: ReadonlyMap<number, LessonReply>;
  /** Exercise ids per module number, in order. */
  readonly exerciseIds: ReadonlyMap<number, readonly string[]>;
  /** The projects, by number; their steps are checked as exercises are, but are no module's. */
  readonly projects: readonly ProjectReply[];
  /** Finds a quiz by its slug or by its title (SPEC 5: the client turns the slug's hyphens to spaces). */
  findQuiz(titleOrSlug: string): GradableQuiz | undefined;
}

export class ContentRenderError extends Error {
  override readonly name = 'ContentRenderError';
}

/** The text shown for a question: its words, then its code after a blank line. */
function questionText(text: string, code: string | undefined): string {
  const words = text.trim();
  const program = code?.replace(/\s+$/, '');
  return program ? `${words}\n\n${program}` : words;
}

/** Loads content/ (throws a ContentError naming every broken file) and prepares it for the API. */
export async function loadCourseContent(rootDir: string): Promise<CourseContent> {
  return prepareCourse(await loadContent(rootDir));
}

export async function prepareCourse(course: Course): Promise<CourseContent> {
  const renderer = await createMarkdownRenderer();
  const modules: PublicModule[] = [];
  const quizList: QuizSummary[] = [];
  const quizzes = new Map<string, GradableQuiz>();
  const quizReplies = new Map<string, QuizReply>();
  const lessons = new Map<number, LessonReply>();
  const exerciseIds = new Map<number, readonly string[]>();

  for (const module of course.modules) {
    modules.push({
      number: module.number,
      title: module.title,
      description: module.description,
      lessonCount: LESSONS_PER_MODULE,
      quizCount: module.quizzes.length,
      handsOnQuestionsCount: module.exercises.length,
    });
    for (const quiz of module.quizzes) {
      const prepared = prepareQuiz(quiz);
      quizList.push(prepared.summary);
      quizzes.set(quiz.slug, prepared.gradable);
      quizReplies.set(quiz.slug, prepared.reply);
    }
    const following = course.modules.find((m) => m.number === module.number + 1);
    lessons.set(module.number, prepareLesson(module, following, renderer));
    exerciseIds.set(
      module.number,
      module.exercises.map((e) => e.id),
    );
  }

  const projects = course.projects.map(
    (project): ProjectReply => ({
      number: project.number,
      slug: project.slug,
      title: project.title,
      after: project.after,
      summary: project.summary,
      stepCount: project.steps.length,
      introHtml: renderer.render(project.intro),
      file: project.file,
      steps: project.steps.map((step) => prepareExercise(step, renderer)),
    }),
  );

  return {
    modules,
    projects,
    quizList,
    quizzes,
    quizReplies,
    lessons,
    exerciseIds,
    findQuiz(titleOrSlug) {
      // quizSlug maps the title, its spaced form and the slug itself to the same key.
      return quizzes.get(quizSlug(titleOrSlug.trim()));
    },
  };
}

/** A quiz in its three served forms: list entry, graded form, and the reply without answers. */
function prepareQuiz(quiz: CourseQuiz): {
  summary: QuizSummary;
  gradable: GradableQuiz;
  reply: QuizReply;
} {
  const questions: GradableQuestion[] = quiz.questions.map((q) => ({
    questionText: questionText(q.text, q.code),
    answers: [...q.answers],
    correct: q.correct,
    explanation: q.explanation,
  }));
  const summary: QuizSummary = { _id: quiz.slug, title: quiz.title, quizNumber: quiz.moduleNumber };
  return {
    summary,
    gradable: { slug: quiz.slug, title: quiz.title, moduleNumber: quiz.moduleNumber, questions },
    reply: {
      ...summary,
      questions: questions.map((q) => ({
        questionText: q.questionText,
        answers: q.answers.map((text) => ({ text })),
      })),
    },
  };
}

function prepareLesson(
  module: CourseModule,
  following: CourseModule | undefined,
  renderer: MarkdownRenderer,
): LessonReply {
  const python = module.lesson.python;
  return {
    module: {
      number: module.number,
      title: module.title,
      recapHtml: module.recap.map((item) => renderer.inline(item)),
      nextHtml: renderer.render(module.next),
      quizzes: module.quizzes.map((quiz) => ({
        slug: quiz.slug,
        title: quiz.title,
        questionCount: quiz.questions.length,
      })),
      following: following ? { number: following.number, title: following.title } : null,
    },
    html: renderLessonHtml(module, renderer),
    codeBlocks: python.map((block) => ({
      index: block.index,
      code: block.code,
      kind: block.kind,
      ...(block.stdin !== undefined ? { stdin: block.stdin } : {}),
      ...(block.checkpoint && block.output
        ? {
            checkpoint: {
              options:
                block.checkpoint.options?.map((option) => ({
                  text: option.output,
                  ...(option.whyNot !== undefined
                    ? { whyNotHtml: renderer.inline(option.whyNot) }
                    : {}),
                })) ?? null,
              ...(block.checkpoint.pictures
                ? { pictures: pictureOptions(module, block.checkpoint.pictures, renderer) }
                : {}),
              output: block.output.text,
              whyHtml: renderer.inline(block.checkpoint.why),
            },
          }
        : {}),
    })),
    exercises: module.exercises.map((exercise) => prepareExercise(exercise, renderer)),
  };
}

/** A picture checkpoint's options with what each draws, from the module's pictures.json. */
function pictureOptions(
  module: CourseModule,
  pictures: readonly PictureOption[],
  renderer: MarkdownRenderer,
) {
  return pictures.map((option) => {
    const drawing = module.lesson.pictures[option.code.trimEnd()];
    if (!drawing) {
      throw new ContentRenderError(
        `content/modules/${module.folder}/pictures.json lacks a picture of lesson.md (${option.alt}): run npm run verify:content -- --write-pictures`,
      );
    }
    return {
      alt: option.alt,
      drawing,
      right: option.whyNot === undefined,
      ...(option.whyNot !== undefined ? { whyNotHtml: renderer.inline(option.whyNot) } : {}),
    };
  });
}

/**
 * The lesson body. The renderer meets the ```python blocks in the same order as the shared lesson
 * parser did; both must agree, or the 'Try it' buttons would run the wrong code.
 */
function renderLessonHtml(module: CourseModule, renderer: MarkdownRenderer): string {
  const python = module.lesson.python;
  let seen = 0;
  const lessonFile = `content/modules/${module.folder}/lesson.md`;
  const html = renderer.render(module.lesson.markdown, {
    diagrams: new Map(module.lesson.diagrams.map((d) => [d.file, d])),
    headingIds: true,
    onPython: ({ code }) => {
      const block = python[seen];
      seen++;
      if (!block || block.code.trimEnd() !== code.trimEnd()) {
        throw new ContentRenderError(
          `${lessonFile}: python block ${seen} was read differently by the Markdown renderer than by the lesson parser (check its fence and indentation)`,
        );
      }
      return { index: block.index, checkpoint: block.checkpoint !== undefined };
    },
  });
  if (seen !== python.length) {
    throw new ContentRenderError(
      `${lessonFile}: the Markdown renderer found ${seen} python blocks but the lesson parser found ${python.length} (check for fences inside lists or quotes)`,
    );
  }
  return html;
}

function prepareExercise(exercise: CourseExercise, renderer: MarkdownRenderer): LessonExercise {
  const check = exercise.check;
  return {
    id: exercise.id,
    title: exercise.title,
    promptHtml: renderer.render(exercise.prompt),
    starter: exercise.starter,
    solution: exercise.solution,
    hints: [...exercise.hints],
    check: {
      ...(check.stdin !== undefined ? { stdin: check.stdin } : {}),
      ...(check.setup !== undefined ? { setup: check.setup } : {}),
      ...(check.stdout !== undefined ? { stdout: check.stdout } : {}),
      ...(check.tests !== undefined ? { tests: check.tests } : {}),
      ...(check.also !== undefined
        ? { also: check.also.map((c) => ({ stdin: c.stdin, stdout: c.stdout })) }
        : {}),
      // A mutable copy for the reply; the content was parsed by the same schema already.
      ...(check.compare !== undefined ? { compare: compareSpecSchema.parse(check.compare) } : {}),
    },
  };
}
