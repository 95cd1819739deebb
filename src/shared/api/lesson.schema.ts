import { z } from 'zod';
import { compareSpecSchema } from '#shared/content/compare-spec.ts';
import { drawingSchema } from '#shared/content/drawing.ts';

/**
 * GET /api/lessons/:module — the lesson page of one module (subscribers only). This is the contract
 * between the lesson page and the exercise runner: both read it.
 */

/** A runnable python block of the lesson text, for its 'Try it' button. */
export const lessonCodeBlockSchema = z.object({
  /** Matches `data-code-block="{index}"` on the block's wrapper in `html`. */
  index: z.number().int().nonnegative(),
  code: z.string(),
  kind: z.enum(['run', 'raises', 'norun']),
  stdin: z.string().optional(),
  /**
   * Set on a checkpoint (predict, then run): its wrapper in `html` carries `data-checkpoint`, and its
   * output is not in `html` at all. `options`: 3 or 4 choices, exactly one equal to `output`, each
   * wrong one with `whyNotHtml` (one sentence of inline HTML: the misunderstanding behind it), or
   * null when the learner types the output; `output`: the output block's text; `whyHtml`: one
   * sentence of inline HTML saying why, shown after the learner has predicted. The prose that
   * explains the answer, if any, is in `html` inside `[data-reveal-for="{index}"]`, hidden until then.
   */
  checkpoint: z
    .object({
      options: z
        .array(z.object({ text: z.string(), whyNotHtml: z.string().optional() }))
        .min(3)
        .max(4)
        .nullable(),
      /**
       * "Which picture will this draw?" (decision 0039; then `options` is null): 3 or 4 drawings,
       * each with `alt`, the picture in words; exactly one is `right`, each wrong one has
       * `whyNotHtml`. Drawn by the verifier, so they show without Python.
       */
      pictures: z
        .array(
          z.object({
            alt: z.string(),
            drawing: drawingSchema,
            right: z.boolean(),
            whyNotHtml: z.string().optional(),
          }),
        )
        .min(3)
        .max(4)
        .optional(),
      output: z.string(),
      whyHtml: z.string(),
    })
    .optional(),
});
export type LessonCodeBlock = z.infer<typeof lessonCodeBlockSchema>;

export const exerciseCheckDtoSchema = z.object({
  stdin: z.string().optional(),
  setup: z.string().optional(),
  stdout: z.string().optional(),
  tests: z.string().optional(),
  /** More inputs the program must handle, each with its expected output (Check runs them all). */
  also: z.array(z.object({ stdin: z.string(), stdout: z.string() })).optional(),
  /** Compared with the exercise's solution (content/README.md); Check runs it beside the solution. */
  compare: compareSpecSchema.optional(),
});
export type ExerciseCheckDto = z.infer<typeof exerciseCheckDtoSchema>;

export const lessonExerciseSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The prompt, rendered from Markdown on the server. */
  promptHtml: z.string(),
  starter: z.string(),
  solution: z.string(),
  hints: z.array(z.string()),
  check: exerciseCheckDtoSchema,
});
export type LessonExercise = z.infer<typeof lessonExerciseSchema>;

export const lessonReplySchema = z.object({
  module: z.object({
    number: z.number().int(),
    title: z.string(),
    /** Recap items and the next-module preview, rendered from Markdown on the server. */
    recapHtml: z.array(z.string()),
    nextHtml: z.string(),
    /** The module's quizzes in order, for the lesson's closing "what is left" (issue 35). */
    quizzes: z.array(
      z.object({ slug: z.string(), title: z.string(), questionCount: z.number().int().min(1) }),
    ),
    /** The module after this one, or null after the last. */
    following: z.object({ number: z.number().int(), title: z.string() }).nullable(),
  }),
  /** The lesson body, rendered (and syntax-highlighted) on the server. */
  html: z.string(),
  codeBlocks: z.array(lessonCodeBlockSchema),
  exercises: z.array(lessonExerciseSchema),
});
export type LessonReply = z.infer<typeof lessonReplySchema>;
