/*
 * Rules for a module's lesson (content/README.md, "Checkpoints" and "Diagrams"): enough checkpoints,
 * no long stretch of prose without one, at least one diagram, and checkpoint options that hold the
 * real output exactly once.
 */

import { countWords, type ProseLine } from '#shared/content/fenced-blocks.ts';
import { DIAGRAM_LINE } from '#shared/content/lesson-blocks.ts';
import type { RuleFinding } from './rules.ts';
import { normalizeOption, type PredictOption } from '#shared/content/schema.ts';

export const MIN_CHECKPOINTS = 5;
export const MAX_WORDS_WITHOUT_CHECKPOINT = 500;
export const MIN_DIAGRAMS = 1;

export function checkpointCountRule(checkpoints: number): RuleFinding[] {
  if (checkpoints >= MIN_CHECKPOINTS) return [];
  return [
    {
      message: `has ${checkpoints} checkpoint${checkpoints === 1 ? '' : 's'}; a lesson needs at least ${MIN_CHECKPOINTS}`,
      hint: 'turn examples into ```python checkpoint blocks with an ```output and a ```predict block',
    },
  ];
}

/** One stretch of prose: before the first checkpoint, between two, or after the last. */
export interface ProseGap {
  /** The fence line of the checkpoint before it (0 before the first). */
  readonly from: number;
  /** The fence line of the checkpoint after it (Infinity after the last). */
  readonly to: number;
  /** The first line of prose in it, if any. */
  readonly firstLine: number | undefined;
  readonly words: number;
}

/**
 * The stretches of prose around the checkpoints, with their words. `prose` are the lesson's lines
 * outside fenced blocks (diagram lines are pictures, not reading, and do not count);
 * `checkpointLines` the fence lines of the checkpoints.
 */
export function proseGaps(
  prose: readonly ProseLine[],
  checkpointLines: readonly number[],
): ProseGap[] {
  const stops = [...checkpointLines].sort((a, b) => a - b);
  const gaps: ProseGap[] = [];
  for (let gap = 0; gap <= stops.length; gap++) {
    const from = gap === 0 ? 0 : (stops[gap - 1] ?? 0);
    const to = stops[gap] ?? Number.POSITIVE_INFINITY;
    const lines = prose.filter(
      (p) => p.line > from && p.line < to && !DIAGRAM_LINE.test(p.text) && p.text.trim() !== '',
    );
    gaps.push({ from, to, firstLine: lines[0]?.line, words: countWords(lines.map((p) => p.text)) });
  }
  return gaps;
}

/** The words of the longest stretch of prose without a checkpoint. */
export function longestProseGap(
  prose: readonly ProseLine[],
  checkpointLines: readonly number[],
): number {
  return Math.max(...proseGaps(prose, checkpointLines).map((g) => g.words));
}

/** No stretch of prose (see proseGaps) may exceed MAX_WORDS_WITHOUT_CHECKPOINT words. */
export function checkpointGapRule(
  prose: readonly ProseLine[],
  checkpointLines: readonly number[],
): RuleFinding[] {
  const gaps = proseGaps(prose, checkpointLines);
  const findings: RuleFinding[] = [];
  gaps.forEach(({ from, to, firstLine, words }, gap) => {
    if (words <= MAX_WORDS_WITHOUT_CHECKPOINT) return;
    const where =
      gap === 0
        ? 'before the first checkpoint'
        : gap === gaps.length - 1
          ? `after the last checkpoint (line ${from})`
          : `between the checkpoints at lines ${from} and ${to}`;
    findings.push({
      line: firstLine ?? from,
      message: `${words} words of prose ${where}; at most ${MAX_WORDS_WITHOUT_CHECKPOINT} may pass without one`,
      hint: 'add a checkpoint in this stretch (or move one into it)',
    });
  });
  return findings;
}

export function diagramCountRule(diagrams: number): RuleFinding[] {
  if (diagrams >= MIN_DIAGRAMS) return [];
  return [
    {
      message: 'has no diagram; a lesson needs at least one',
      hint: 'draw the idea learners most often misread as an SVG in the module folder and show it with ![alt](name.svg)',
    },
  ];
}

/**
 * A checkpoint's options against what the block really printed (normalized as output blocks are):
 * exactly one option must be it, the others must not, and each of the others says why not.
 */
export function checkpointOptionsRule(
  options: readonly PredictOption[] | null,
  realOutput: string,
): RuleFinding[] {
  if (options === null) return [];
  const real = normalizeOption(realOutput);
  const matching = options.flatMap((option, i) =>
    normalizeOption(option.output) === real ? [i + 1] : [],
  );
  if (matching.length === 0) {
    return [
      {
        message: `no option is the real output, which is:\n${indentLines(real)}`,
        hint: 'make exactly one option the output, written as the program prints it',
      },
    ];
  }
  if (matching.length > 1) {
    return [
      {
        message: `options ${matching.join(' and ')} are all the real output`,
        hint: 'exactly one option is the output; change the others into real misreadings',
      },
    ];
  }
  return options.flatMap((option, i) =>
    matching.includes(i + 1) || option.whyNot !== undefined
      ? []
      : [
          {
            message: `option ${i + 1} is wrong but does not say why not`,
            hint: 'write it as `- output: ...` with `why-not: ...`, one sentence naming the misunderstanding that leads to it',
          },
        ],
  );
}

function indentLines(text: string): string {
  return (text === '' ? '(nothing)' : text)
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}

/** Output lines shorter than this are too common in prose ("3", "True") to count as given away. */
export const GIVE_AWAY_MIN_CHARS = 6;

/**
 * A checkpoint asks before it tells: the prose a learner can read before predicting must not quote a
 * line of what the code prints. That is the prose of the checkpoint's stretch of the lesson: from the
 * heading, checkpoint or reveal before it to the next heading or checkpoint, leaving out its own
 * reveal (shown only after the prediction). Lines shorter than GIVE_AWAY_MIN_CHARS, and lines the
 * code itself shows (a string it prints as it is), are not counted.
 */
export function giveAwayRule(
  prose: readonly ProseLine[],
  checkpoint: {
    /** The line of its ```python fence. */
    readonly line: number;
    readonly code: string;
    /** Where its stretch may start at the latest: the end of the checkpoint or reveal before it. */
    readonly from: number;
    /** Where its stretch ends at the latest: the next checkpoint's fence. */
    readonly to: number;
    readonly reveal?: { readonly start: number; readonly end: number } | undefined;
  },
  realOutput: string,
): RuleFinding[] {
  const heading = (p: ProseLine) => /^ {0,3}#{1,6}\s/.test(p.text);
  const before = prose.filter((p) => p.line > checkpoint.from && p.line < checkpoint.line);
  const after = prose.filter((p) => p.line > checkpoint.line && p.line < checkpoint.to);
  const nextHeading = after.findIndex(heading);
  const { reveal } = checkpoint;
  const read = [
    ...before.slice(before.findLastIndex(heading) + 1),
    ...(nextHeading === -1 ? after : after.slice(0, nextHeading)),
  ].filter((p) => !reveal || p.line < reveal.start || p.line > reveal.end);
  const distinctive = normalizeOption(realOutput)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length >= GIVE_AWAY_MIN_CHARS && !checkpoint.code.includes(line));
  const findings: RuleFinding[] = [];
  for (const line of distinctive) {
    const quoted = read.find((p) => p.text.includes(line));
    if (!quoted) continue;
    findings.push({
      line: quoted.line,
      message: `the prose around the checkpoint at line ${checkpoint.line} quotes its output \`${line}\` where the learner reads it before predicting`,
      hint: 'move the sentence that explains the result into the checkpoint’s reveal (<!-- reveal --> ... <!-- /reveal -->), or explain the idea without its result',
    });
  }
  return findings;
}
