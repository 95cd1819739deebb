import { z } from 'zod';
import { compareSpecSchema } from './compare-spec.ts';
import { pictureOptionsSchema } from './picture-options.ts';

/*
 * Schemas of the content files (content/README.md is the authoritative description). Every object
 * is strict so that a misspelt key ("hint:" for "hints:") is an error instead of silently dropped.
 *
 * The loader parses YAML with the failsafe schema, so every scalar arrives as a string: a quiz
 * answer written `- 3.0` stays "3.0" instead of becoming the number 3. The integer fields below
 * therefore accept digit strings as well as numbers.
 */

export const text = z.string().trim().min(1, { error: 'must not be empty' });

/** A one-line title: shown in headings, buttons and URLs. */
export const title = text.regex(/^[^\n\t]+$/, { error: 'must be a single line' });

export function integer(min: number, max: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value),
    z
      .int({ error: 'must be a whole number' })
      .check((ctx) => {
        if (ctx.value < min || ctx.value > max) {
          ctx.issues.push({
            code: 'custom',
            input: ctx.value,
            message: `must be between ${min} and ${max}, not ${ctx.value}`,
          });
        }
      }),
  );
}

/** Code may be empty (a starter that is only a comment is still code), but must be a string. */
export const code = z.string();

export const EXERCISE_ID_PATTERN = /^m\d\d-e\d+-[a-z0-9-]+$/;

export const moduleFileSchema = z.strictObject({
  number: integer(1, 15),
  title,
  description: text,
  recap: z.array(text).min(4).max(8),
  next: text,
});
export type ModuleFile = z.output<typeof moduleFileSchema>;

/** One more input for a `stdout` check, with the output it must give. */
export const checkCaseSchema = z.strictObject({
  stdin: z.string(),
  stdout: z.string(),
});

export const exerciseCheckSchema = z
  .strictObject({
    stdin: z.string().optional(),
    setup: code.optional(),
    stdout: z.string().optional(),
    tests: text.optional(),
    /** Further inputs the program must also handle (each branch of an `if`, say). */
    also: z.array(checkCaseSchema).min(1).optional(),
    /** Run beside the exercise's solution on the same cases (compare-spec.ts). */
    compare: compareSpecSchema.optional(),
  })
  .check((ctx) => {
    const hasStdout = ctx.value.stdout !== undefined;
    const hasTests = ctx.value.tests !== undefined;
    if (hasStdout && hasTests) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        message: 'has both stdout and tests; a check has at most one of them',
        params: { hint: 'keep one of `stdout:` (expected output) or `tests:` (asserts), or `compare:` alone' },
      });
    }
    if (!hasStdout && !hasTests && ctx.value.compare === undefined) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        message: 'needs `compare:`, `stdout:` or `tests:`',
        params: { hint: 'compare with the solution (`compare:`), or give the output or asserts' },
      });
    }
    if (ctx.value.also !== undefined && !hasStdout) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        message: 'has `also:` cases without `stdout:`',
        params: { hint: '`also:` adds inputs to an output check; tests can call code more than once' },
      });
    }
  });
export type ExerciseCheck = z.output<typeof exerciseCheckSchema>;

/** A wrong program a learner would write, labelled with its kind of mistake (content/README.md). */
/** The kinds of mistake a labelled wrong program shows (content/README.md, "Wrong programs"). */
export const WRONG_KINDS = [
  'hard-codes-examples',
  'boundary',
  'changes-input',
  'ignores-rule',
  'rounding-or-type',
  'easier-problem',
  'crashes-on-edge',
  'partial',
] as const;
export type WrongKind = (typeof WRONG_KINDS)[number];

export const wrongProgramSchema = z.strictObject({
  kind: z.enum(WRONG_KINDS, { error: `is one of ${WRONG_KINDS.join(', ')}` }),
  /** A piece of text the refusal message must contain: the message names this mistake. */
  says: text.optional(),
  code: text,
});
export type WrongProgram = z.output<typeof wrongProgramSchema>;

/** `write` (the default): write a program; `fix`: the starter has a realistic bug to find and fix. */
export const EXERCISE_KINDS = ['write', 'fix'] as const;

export const exerciseSchema = z.strictObject({
  kind: z.enum(EXERCISE_KINDS, { error: 'is `write` or `fix`' }).optional(),
  id: z.string().regex(EXERCISE_ID_PATTERN, { error: 'must look like m03-e2-fizzbuzz' }),
  title,
  prompt: text,
  starter: code,
  solution: text,
  hints: z.array(text).min(1).max(3),
  check: exerciseCheckSchema,
  wrong: z.array(wrongProgramSchema).optional(),
});
export type Exercise = z.output<typeof exerciseSchema>;

export const exercisesFileSchema = z.strictObject({
  exercises: z.array(exerciseSchema),
});
export type ExercisesFile = z.output<typeof exercisesFileSchema>;

/** What a question asks (content/README.md, "quizzes.yaml"). */
export const QUESTION_KINDS = ['output', 'bug', 'which-code', 'concept', 'complete'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const questionSchema = z
  .strictObject({
    kind: z
      .enum(QUESTION_KINDS, { error: 'is one of output, bug, which-code, concept, complete' })
      .optional(),
    text,
    code: code.optional(),
    answers: z.array(text).length(4, { error: 'must have exactly 4 answers' }),
    correct: integer(0, 3),
    explanation: text,
    verify: z.literal('output', { error: 'the only value is `output`' }).optional(),
  })
  .check((ctx) => {
    const seen = new Map<string, number>();
    ctx.value.answers.forEach((answer, index) => {
      const key = answer.trim();
      const first = seen.get(key);
      if (first !== undefined) {
        ctx.issues.push({
          code: 'custom',
          input: answer,
          path: ['answers', index],
          message: `repeats answer ${first}`,
          params: { hint: 'the four answers must all be different' },
        });
      } else {
        seen.set(key, index);
      }
    });
    if (ctx.value.verify === 'output' && !ctx.value.code?.trim()) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: ['verify'],
        message: '`verify: output` needs `code` to run',
        params: { hint: 'add the program under `code: |`, or remove `verify`' },
      });
    }
    if (ctx.value.kind === 'output' && ctx.value.verify !== 'output') {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: ['kind'],
        message: '`kind: output` needs `verify: output`',
        params: { hint: 'add `verify: output` so the verifier proves the keyed answer is what prints' },
      });
    }
  });
export type Question = z.output<typeof questionSchema>;

export const quizSchema = z.strictObject({
  title: title.refine((t) => !/\bquiz$/i.test(t), {
    error: "must not end with 'Quiz' (the dashboard shows '{title} Quiz')",
  }),
  questions: z.array(questionSchema).min(10, { error: 'needs at least 10 questions' }),
});
export type Quiz = z.output<typeof quizSchema>;

export const quizzesFileSchema = z.strictObject({
  quizzes: z.array(quizSchema).min(1),
});
export type QuizzesFile = z.output<typeof quizzesFileSchema>;

const optionOutput = z.string().refine((o) => o.trim() !== '', { error: 'must not be empty' });

/**
 * One possible output of a checkpoint: the output alone (the right one may be written so), or the
 * output with `why-not`, the one line a learner who picked it reads: the misunderstanding that
 * leads to it. Read as `{ output, whyNot }` either way.
 */
const predictOptionSchema = z
  .union([
    optionOutput,
    z.strictObject({
      output: optionOutput,
      'why-not': text.max(200, { error: 'must be at most 200 characters (one sentence)' }),
    }),
  ])
  .transform((option) =>
    typeof option === 'string'
      ? { output: option }
      : { output: option.output, whyNot: option['why-not'] },
  );
export type PredictOption = z.output<typeof predictOptionSchema>;

/** A checkpoint's ```predict block (content/README.md, "Checkpoints"). */
export const predictSchema = z
  .strictObject({
    options: z
      .array(predictOptionSchema)
      .min(3, { error: 'needs 3 or 4 options (or none, to have the learner type the output)' })
      .max(4, { error: 'has more than 4 options' })
      .optional(),
    /** "Which picture will this draw?": drawn options instead of printed ones (decision 0039). */
    pictures: pictureOptionsSchema.optional(),
    why: text.max(200, { error: 'must be at most 200 characters (one sentence)' }),
  })
  .check((ctx) => {
    if (ctx.value.options && ctx.value.pictures) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: ['pictures'],
        message: 'cannot be given with options',
        params: { hint: 'a checkpoint asks what it prints (`options:`) or what it draws (`pictures:`)' },
      });
    }
    const seen = new Map<string, number>();
    (ctx.value.options ?? []).forEach((option, index) => {
      const key = normalizeOption(option.output);
      const first = seen.get(key);
      if (first !== undefined) {
        ctx.issues.push({
          code: 'custom',
          input: option,
          path: ['options', index],
          message: `is the same output as option ${first + 1}`,
          params: { hint: 'the options must be distinct outputs' },
        });
      } else {
        seen.set(key, index);
      }
    });
  });
export type Predict = z.output<typeof predictSchema>;

/**
 * An option as it is compared with the real output: trailing white space dropped on each line, and
 * trailing blank lines dropped (the same comparison as an output block's).
 */
export function normalizeOption(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .join('\n')
    .replace(/\n+$/, '');
}

export const articleFrontMatterSchema = z.strictObject({
  title,
  description: text,
});
export type ArticleFrontMatter = z.output<typeof articleFrontMatterSchema>;

export const legalFrontMatterSchema = z.strictObject({
  title,
  updated: z.string().check((ctx) => {
    const problem = !/^\d{4}-\d{2}-\d{2}$/.test(ctx.value)
      ? 'must be a date written YYYY-MM-DD'
      : !isRealDate(ctx.value)
        ? 'is not a real date'
        : undefined;
    if (problem) ctx.issues.push({ code: 'custom', input: ctx.value, message: problem });
  }),
});
export type LegalFrontMatter = z.output<typeof legalFrontMatterSchema>;

function isRealDate(iso: string): boolean {
  const date = new Date(`${iso}T00:00:00Z`);
  // February 30 parses as March 1; only a date that survives the round trip is real.
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso;
}

/** How to fix a problem, by the name of the field it is in (the last named path segment). */
const FIELD_HINTS: Readonly<Record<string, string>> = {
  number: 'the module number, 1 to 15, as in the folder name',
  title: 'a one-line title',
  description: '2-3 sentences a buyer reads on the pricing page',
  recap: 'a list of 4 to 8 things the module taught',
  next: 'one or two paragraphs previewing the next module',
  id: 'mNN-eK-short-slug, e.g. m03-e2-fizzbuzz',
  prompt: 'Markdown saying exactly what to print or which function to write',
  starter: 'the code the editor opens with (a comment is fine)',
  solution: 'a program that passes the check',
  hints: '1 to 3 hints, from a gentle nudge to nearly the answer',
  check:
    'exactly one of `stdout:` or `tests:`, with optional `stdin:` and `setup:` (and, with `stdout:`, `also:` cases of `stdin:` and `stdout:`)',
  wrong:
    'at least 8 wrong programs a learner would write, each `- kind: ...` (one of ' +
    WRONG_KINDS.join(', ') +
    ') with `code: |` and, optionally, `says: ...`',
  exercises: 'a list of exercises under `exercises:`',
  quizzes: 'a list of quizzes under `quizzes:`',
  questions: 'at least 10 questions, each with text, answers, correct and explanation',
  text: 'the question, one or two sentences',
  answers: 'exactly 4 different answers',
  correct: 'the index (0 to 3) of the right answer in `answers`',
  explanation: 'why the right answer is right and the others are wrong',
  verify: '`verify: output` or nothing',
  code: 'the program shown under the question, as a `|` block',
  kind: 'a question: output, bug, which-code, concept or complete; an exercise: write or fix',
  options:
    '3 or 4 different outputs, exactly one of them what the program prints; each wrong one as `- output: ...` with its `why-not: ...`',
  'why-not': 'one sentence (at most 200 characters): the misunderstanding that leads to this output',
  pictures:
    '3 or 4 `- code: |` turtle programs, each with `alt:` (the picture in words) and, on the wrong ones, `why-not:`',
  alt: 'one sentence (at most 200 characters): the picture in words, read out in its place',
  why: 'one sentence (at most 200 characters) saying why the output is what it is',
  updated: 'the date of the last change, e.g. 2024-05-01',
};

/** A hint for a schema issue: one the issue carries itself, else the field's. */
export function hintFor(path: readonly PropertyKey[], issue?: z.core.$ZodIssue): string | undefined {
  if (issue?.code === 'unrecognized_keys') {
    return 'remove it or fix its spelling (see content/README.md for the allowed keys)';
  }
  if (issue?.code === 'custom') {
    const hint: unknown = issue.params?.['hint'];
    if (typeof hint === 'string') return hint;
  }
  for (let i = path.length - 1; i >= 0; i--) {
    const segment = path[i];
    if (typeof segment === 'string') return FIELD_HINTS[segment];
  }
  return undefined;
}

/** Where an objective is taught: `"<module>#<heading id>"`, e.g. `"3#loops-that-end-with-else"`. */
export const TAUGHT_PATTERN = /^(\d{1,2})#([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** content/objectives.yaml: the syllabus the course promises to cover (content/README.md). */
export const objectivesFileSchema = z.strictObject({
  objectives: z
    .array(
      z.strictObject({
        exam: title,
        objective: title,
        topic: text,
        taught: z
          .string()
          .regex(TAUGHT_PATTERN, { error: 'must look like "3#section-heading-id"' })
          .optional(),
      }),
    )
    .min(1),
});
export type ObjectivesFile = z.output<typeof objectivesFileSchema>;
