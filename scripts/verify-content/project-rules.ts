/* Rules for a project (content/README.md, "Projects") and its row of figures. */

import type { CourseProject } from '#server/content/content.loader.ts';
import { MIN_WRONG_PROGRAMS } from './exercise-rules.ts';
import type { RuleFinding } from './rules.ts';

/**
 * A step's solution is the step before's grown, not a rewrite: at least this share of the earlier
 * solution's lines (ignoring blank lines and indentation) are still in it.
 */
export const MIN_KEPT_SHARE = 0.5;

const lines = (code: string): string[] =>
  code
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** The share (0 to 1) of `before`'s lines that `after` still has. */
export function keptShare(before: string, after: string): number {
  const earlier = lines(before);
  const later = new Set(lines(after));
  return earlier.length === 0
    ? 1
    : earlier.filter((line) => later.has(line)).length / earlier.length;
}

/** One sentence: a single line ending in a full stop, with no sentence break inside. */
export function isOneSentence(text: string): boolean {
  const trimmed = text.trim();
  return !trimmed.includes('\n') && /[.!?]$/.test(trimmed) && !/[.!?]\s+[A-Z]/.test(trimmed);
}

export function projectRules(project: CourseProject): RuleFinding[] {
  const findings: RuleFinding[] = [];
  if (!isOneSentence(project.summary)) {
    findings.push({
      message: `its summary is not one sentence: "${project.summary.trim()}"`,
      hint: 'one sentence saying what the finished program does; the public certificate page shows it',
    });
  }
  project.steps.forEach((step, index) => {
    const before = project.steps[index - 1];
    if (!before) return;
    const kept = keptShare(before.solution, step.solution);
    if (kept < MIN_KEPT_SHARE) {
      findings.push({
        message: `${step.id}'s solution keeps ${Math.round(kept * 100)}% of the lines of ${before.id}'s; a step grows the program, it does not rewrite it`,
        hint: `keep at least ${Math.round(MIN_KEPT_SHARE * 100)}% of the step before's lines: the reader sees the same program growing`,
      });
    }
  });
  return findings;
}

export interface ProjectFigures {
  readonly number: number;
  readonly after: number;
  readonly steps: number;
  /** Lines of the first and the last step's solutions. */
  readonly firstLines: number;
  readonly lastLines: number;
  readonly wrongPrograms: number;
  readonly refused?: number;
}

export function projectFigures(project: CourseProject): ProjectFigures {
  const count = (code: string | undefined) => (code === undefined ? 0 : lines(code).length);
  return {
    number: project.number,
    after: project.after,
    steps: project.steps.length,
    firstLines: count(project.steps[0]?.solution),
    lastLines: count(project.steps.at(-1)?.solution),
    wrongPrograms: project.steps.reduce((sum, s) => sum + (s.wrong?.length ?? 0), 0),
  };
}

/** The projects' figures as a text table, one row per project. */
export function formatProjectFigures(rows: readonly ProjectFigures[]): string {
  const head = [
    'project',
    'after module',
    'steps',
    'lines at step 1',
    'lines at the end',
    'wrong programs',
    'refused',
  ];
  const limits = [
    '',
    '',
    '6 to 10',
    'a few',
    '60 to 150',
    `>= ${MIN_WRONG_PROGRAMS} a step`,
    'all',
  ];
  const table = [
    head,
    limits,
    ...rows.map((r) =>
      [
        r.number,
        r.after,
        r.steps,
        r.firstLines,
        r.lastLines,
        r.wrongPrograms,
        r.refused ?? '-',
      ].map(String),
    ),
  ];
  const widths = head.map((_, i) => Math.max(...table.map((line) => (line[i] ?? '').length)));
  const text = table.map((line) =>
    line
      .map((cell, i) => cell.padStart(widths[i] ?? 0))
      .join('  ')
      .trimEnd(),
  );
  return [
    'Per project: its module, its steps, the program’s size (non-blank lines) at the first and the last step, the steps’ labelled wrong programs and how many the checks refused.',
    '',
    ...text,
  ].join('\n');
}
