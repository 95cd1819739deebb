import { z } from 'zod';

/*
 * A check's `compare:` section (content/README.md, "exercises.yaml"): the learner's function or
 * whole program is run beside the exercise's solution on the same cases, so expected results are
 * never written by hand, and rules about the code are checked on its syntax tree. The content
 * file, the lesson API and a run request carry it in this shape; the harness (src/python/harness.py,
 * judging.py) reports back a CompareFailure, which python-checks.ts turns into the verdict.
 *
 * Content YAML is parsed with the failsafe schema (every scalar a string), so `true` and `7`
 * arrive as text; the API carries real booleans and numbers. The schema takes both.
 */

const text = z.string().trim().min(1, { error: 'must not be empty' });
const flag = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean({ error: 'must be true or false' }),
);
const seed = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  z.int({ error: 'must be a whole number' }).min(0),
);

/** What `use:` and `avoid:` may name (judging.py, _CONSTRUCTS). */
export const CODE_CONSTRUCTS = [
  'while',
  'for',
  'if',
  'try',
  'with',
  'comprehension',
  'lambda',
  'f-string',
  'class',
  'def',
  'return',
  'raise',
  'yield',
  'recursion',
] as const;
const construct = z.enum(CODE_CONSTRUCTS, { error: `is one of ${CODE_CONSTRUCTS.join(', ')}` });

const message = { message: text.optional() };

/** A rule about the learner's code (judging.py, broken_rule); `message` replaces the default one. */
export const compareRuleSchema = z.union(
  [
    z.strictObject({ import: text, ...message }),
    z.strictObject({ 'avoid-import': text, ...message }),
    z.strictObject({ use: construct, ...message }),
    z.strictObject({ avoid: construct, ...message }),
    z.strictObject({ call: text, ...message }),
    z.strictObject({ 'avoid-call': text, ...message }),
    z.strictObject({
      class: text,
      parent: text.optional(),
      methods: z.array(text).optional(),
      properties: z.array(text).optional(),
      'super-init': flag.optional(),
      ...message,
    }),
  ],
  {
    error:
      'is one of import, avoid-import, use, avoid, call, avoid-call or class (with parent, methods, properties, super-init), each with an optional message',
  },
);
export type CompareRule = DeepReadonly<z.output<typeof compareRuleSchema>>;

/** A hand-picked case: the text between a call's parentheses, with the cause it shows. */
const caseSchema = z.union([text, z.strictObject({ args: text, says: text.optional() })]);
const inputSchema = z.union([z.string(), z.strictObject({ stdin: z.string(), says: text.optional() })]);

export const compareSpecSchema = z
  .strictObject({
    /** Call this function of the code's and of the solution's on every case. */
    function: text.optional(),
    /** Hand-picked cases, run first and in order. */
    cases: z.array(caseSchema).min(1).optional(),
    /** Compare what the whole program prints, on the check's stdin and each of `inputs`. */
    program: flag.optional(),
    inputs: z.array(inputSchema).min(1).optional(),
    /** Python defining `cases(rng)` (with `program`, `inputs(rng)`); rng is random.Random(seed). */
    generate: text.optional(),
    /** The same seed gives the same cases, so a failure replays. */
    seed: seed.optional(),
    rules: z.array(compareRuleSchema).min(1).optional(),
  })
  .check((ctx) => {
    const spec = ctx.value;
    const problem =
      spec.function !== undefined && spec.program === true
        ? 'has both `function:` and `program: true`; compare one or the other'
        : spec.cases !== undefined && spec.function === undefined
          ? 'has `cases:` without `function:`'
          : spec.inputs !== undefined && spec.program !== true
            ? 'has `inputs:` without `program: true`'
            : spec.generate !== undefined && spec.function === undefined && spec.program !== true
              ? 'has `generate:` without `function:` or `program: true`'
              : spec.function === undefined && spec.program !== true && spec.rules === undefined
                ? 'compares nothing: give it `function:`, `program: true` or `rules:`'
                : undefined;
    if (problem) ctx.issues.push({ code: 'custom', input: spec, message: problem });
  });
/** As the course content holds it (read-only all the way down); the API's copy fits it too. */
export type CompareSpec = DeepReadonly<z.output<typeof compareSpecSchema>>;

type DeepReadonly<T> = T extends (infer E)[]
  ? readonly DeepReadonly<E>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/** The first difference `compare` found between the code and the solution. */
export interface CompareFailure {
  /** A rule broken; a case or an input that gave something else; the solution itself failed. */
  readonly kind: 'rule' | 'case' | 'input' | 'solution';
  readonly message: string;
  readonly expected?: string;
  readonly got?: string;
  /** The cause a hand-picked case names, shown only when that case is the first to fail. */
  readonly says?: string;
}
