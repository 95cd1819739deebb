import { z } from 'zod';
import {
  code,
  exerciseCheckSchema,
  integer,
  text,
  title,
  wrongProgramSchema,
} from './schema.ts';

/*
 * content/projects/N-slug/project.yaml (content/README.md, "Projects"): a program grown in 6 to 10
 * steps. Each step is checked exactly as an exercise is, so it has an exercise's fields, except that
 * only the first step has a starter: every later step starts from the learner's code of the step before.
 */

/** `p1-s3-totals`: the project's number, the step's position, a name; never collides with `m03-e2-…`. */
export const PROJECT_STEP_ID_PATTERN = /^p\d-s\d+-[a-z0-9-]+$/;

/** The URL of a project, /dashboard/projects/{slug}. */
export const PROJECT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The name the main program is saved as, and the name a module file may have (`# file: name.py`). */
export const PYTHON_FILE_PATTERN = /^[a-z0-9_]+\.py$/;

export const MIN_PROJECT_STEPS = 6;
export const MAX_PROJECT_STEPS = 10;

/** Which module each project is recommended after, by project number. */
export const PROJECT_AFTER: Readonly<Record<number, number>> = { 1: 5, 2: 10, 3: 15 };

export const projectStepSchema = z.strictObject({
  id: z.string().regex(PROJECT_STEP_ID_PATTERN, { error: 'must look like p1-s2-short-name' }),
  title,
  prompt: text,
  starter: code.optional(),
  solution: text,
  hints: z.array(text).min(1).max(3),
  check: exerciseCheckSchema,
  wrong: z.array(wrongProgramSchema).optional(),
});
export type ProjectStep = z.output<typeof projectStepSchema>;

export const projectFileSchema = z.strictObject({
  number: integer(1, 3),
  slug: z.string().regex(PROJECT_SLUG_PATTERN, { error: 'must be lower case words joined by hyphens' }),
  title,
  after: integer(1, 15),
  summary: text,
  intro: text,
  file: z.string().regex(PYTHON_FILE_PATTERN, { error: 'must be a file name such as budget.py' }),
  steps: z
    .array(projectStepSchema)
    .min(MIN_PROJECT_STEPS, { error: `needs ${MIN_PROJECT_STEPS} to ${MAX_PROJECT_STEPS} steps` })
    .max(MAX_PROJECT_STEPS, { error: `needs ${MIN_PROJECT_STEPS} to ${MAX_PROJECT_STEPS} steps` }),
});
export type ProjectFile = z.output<typeof projectFileSchema>;

/** A line that is exactly `# file: name.py` starts a module file (src/python/program_files.py). */
const FILE_LINE = /^# file: ([a-z0-9_]+\.py)$/;

/**
 * The files of one editor text, as program_files.py splits it: the main program first (named
 * `main`), then each module file in order. A name given twice keeps its last text, as in Python.
 */
export function programFiles(source: string, main: string): { name: string; text: string }[] {
  const files = new Map<string, string[]>([[main, []]]);
  let current = main;
  for (const line of source.split(/(?<=\n)/)) {
    const found = FILE_LINE.exec(line.replace(/\r?\n$/, ''));
    if (found?.[1] !== undefined) {
      current = found[1];
      files.set(current, []);
    } else {
      files.get(current)?.push(line);
    }
  }
  return [...files].map(([name, lines]) => ({ name, text: lines.join('') }));
}
