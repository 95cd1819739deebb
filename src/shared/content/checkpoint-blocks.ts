/*
 * A checkpoint's parts after its ```python checkpoint block (content/README.md, "Checkpoints"): the
 * ```output and ```predict blocks, and the reveal that explains the answer.
 */

import { LineCounter, parseDocument } from 'yaml';
import type { FencedBlock, LessonProblem, ProseLine } from './fenced-blocks.ts';
import type { PictureOption } from './picture-options.ts';
import { hintFor, predictSchema, type PredictOption } from './schema.ts';

/** What the learner predicts before a checkpoint runs (its answer is the block's `output`). */
export interface Checkpoint {
  /**
   * 3 or 4 choices, exactly one of them the real output, each wrong one with its `whyNot`; null
   * when the learner types the output.
   */
  readonly options: readonly PredictOption[] | null;
  /**
   * "Which picture will this draw?" (decision 0039): 3 or 4 turtle programs, exactly one drawing what
   * the checkpoint draws (which the verifier proves), the wrong ones each with `whyNot`; null when
   * the checkpoint asks what it prints.
   */
  readonly pictures: readonly PictureOption[] | null;
  /** One sentence of Markdown saying why the output is what it is. */
  readonly why: string;
  /** 1-based line of the ```predict fence. */
  readonly line: number;
  /**
   * The prose that explains the answer, shown only once the learner has predicted: the lines
   * between `<!-- reveal -->` (right after the predict block) and `<!-- /reveal -->`.
   */
  readonly reveal?: { readonly start: number; readonly end: number };
}

/** The ```output and ```predict blocks that must follow a ```python checkpoint block. */
export function readCheckpoint(
  block: FencedBlock,
  output: FencedBlock | undefined,
  predict: FencedBlock | undefined,
  problems: LessonProblem[],
  claimed: Set<FencedBlock>,
): Omit<Checkpoint, 'reveal'> | undefined {
  if (!output) {
    problems.push({
      line: block.line,
      message: 'checkpoint has no output block',
      hint: 'follow a ```python checkpoint block with an ```output block, then a ```predict block (only blank lines between)',
    });
    return undefined;
  }
  if (!predict) {
    problems.push({
      line: output.line,
      message: 'checkpoint has no predict block right after its output block',
      hint: 'put the ```predict block (options and why) right after the ```output block (only blank lines between)',
    });
    return undefined;
  }
  claimed.add(predict);
  const parsed = parsePredict(predict.code, predict.line + 1);
  for (const p of parsed.problems) problems.push(p);
  if (!parsed.value) return undefined;
  return {
    options: parsed.value.options ?? null,
    pictures: parsed.value.pictures ?? null,
    why: parsed.value.why,
    line: predict.line,
  };
}

export const REVEAL_START = '<!-- reveal -->';
export const REVEAL_END = '<!-- /reveal -->';

/**
 * The reveal of the checkpoint whose predict block closes at `after`: `<!-- reveal -->` as the first
 * line that is not blank, up to `<!-- /reveal -->`, within the same section and before the next
 * checkpoint. Undefined when the checkpoint has none.
 */
export function readReveal(
  after: number,
  proseAt: ReadonlyMap<number, string>,
  blocks: readonly FencedBlock[],
  problems: LessonProblem[],
  markers: Set<number>,
): { start: number; end: number } | undefined {
  let start = after + 1;
  while (proseAt.has(start) && (proseAt.get(start) ?? '').trim() === '') start++;
  if ((proseAt.get(start) ?? '').trim() !== REVEAL_START) return undefined;
  markers.add(start);
  const nextCheckpoint = blocks.find((b) => b.line > start && /^python\b.*\bcheckpoint\b/.test(b.info));
  const last = Math.max(...proseAt.keys());
  for (let line = start + 1; line <= last; line++) {
    if (nextCheckpoint && line >= nextCheckpoint.line) break;
    const text = (proseAt.get(line) ?? '').trim();
    if (text === REVEAL_END) {
      markers.add(line);
      return { start, end: line };
    }
    if (/^#{1,6}\s/.test(text)) break;
  }
  problems.push({
    line: start,
    message: 'this reveal is never closed',
    hint: `end the prose that explains the checkpoint with a line ${REVEAL_END}, before the next heading or checkpoint`,
  });
  return undefined;
}

/** Reveal markers that belong to no checkpoint. */
export function strayRevealMarkers(
  prose: readonly ProseLine[],
  used: ReadonlySet<number>,
): LessonProblem[] {
  return prose
    .filter(({ line, text }) => {
      const t = text.trim();
      return (t === REVEAL_START || t === REVEAL_END) && !used.has(line);
    })
    .map(({ line, text }) => ({
      line,
      message:
        text.trim() === REVEAL_START
          ? 'a reveal that does not come right after a checkpoint’s predict block'
          : 'a reveal end without its start',
      hint: `${REVEAL_START} goes right after the checkpoint's \`\`\`predict block (only blank lines between), and ${REVEAL_END} ends it`,
    }));
}

/** The YAML of a ```predict block, whose first line is `firstLine` of the lesson. */
export function parsePredict(
  yaml: string,
  firstLine: number,
): {
  value?: { options?: PredictOption[]; pictures?: PictureOption[]; why: string };
  problems: LessonProblem[];
} {
  const lineCounter = new LineCounter();
  // Failsafe, as for the YAML files: an option written `- 3` is the text "3", not a number.
  const doc = parseDocument(yaml, { schema: 'failsafe', lineCounter });
  const hint = 'write `options:` (3 or 4 `- "..."` lines, or none) and `why:` (one sentence)';
  const errors = [...doc.errors, ...doc.warnings];
  if (errors.length > 0) {
    return {
      problems: errors.map((error) => ({
        line: firstLine + (error.linePos?.[0].line ?? 1) - 1,
        // Pretty errors end their first line with the position, which the problem already shows.
        message: `predict block YAML: ${(error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '')}`,
        hint: 'put text that starts with ` or a quote, or holds ": ", in double quotes; use a `|` block for an option of several lines',
      })),
    };
  }
  const result = predictSchema.safeParse(doc.toJS() ?? {});
  if (result.success) return { value: result.data, problems: [] };
  return {
    problems: result.error.issues.map((issue) => ({
      line: firstLine,
      message: `predict block: ${issue.path.length ? `${issue.path.map(String).join('.')} ` : ''}${issue.message}`,
      hint: hintFor(issue.path, issue) ?? hint,
    })),
  };
}
