/*
 * Issue 35, "feedback you can read": where a failing Check's output differs from the expected
 * output, line by line and, on a line that differs, character by character, with one sentence
 * saying what the first difference is. Pure, so the panel and its announcement agree.
 */

/** A run of characters of one side of a line: the same on both sides, or differing. */
export interface Piece {
  readonly text: string;
  readonly changed: boolean;
}

export type DiffLine =
  | { readonly kind: 'same'; readonly text: string }
  /** A line on both sides that differs: each side's pieces. */
  | ({ readonly kind: 'changed' } & LinePair)
  /** An expected line the learner's output does not have. */
  | { readonly kind: 'missing'; readonly text: string }
  /** A line of the learner's output that is not expected. */
  | { readonly kind: 'extra'; readonly text: string };

export interface OutputDiff {
  readonly lines: DiffLine[];
  /** What differs first, e.g. "Your line 2 is missing a `!` at the end." */
  readonly sentence: string;
}

/** The two sides of a line that differs, and its first difference. */
export interface LinePair {
  readonly expected: Piece[];
  readonly actual: Piece[];
  /** The text both share before the first difference, what differs there, and the expected rest. */
  readonly first: { before: string; wanted: string; got: string; after: string };
}

type Step<T> = { kind: 'same' | 'del' | 'ins'; item: T };

/** Past this many cells the table of common parts is not built: such outputs are compared in place. */
const MAX_CELLS = 250_000;

/** The edit from `a` to `b` along a longest common subsequence; undefined when too large. */
function align<T>(a: readonly T[], b: readonly T[]): Step<T>[] | undefined {
  if (a.length * b.length > MAX_CELLS) return undefined;
  const width = b.length + 1;
  const table = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * width + j] =
        a[i] === b[j]
          ? (table[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(table[(i + 1) * width + j] ?? 0, table[i * width + j + 1] ?? 0);
    }
  }
  const steps: Step<T>[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      steps.push({ kind: 'same', item: a[i++] as T });
      j++;
    } else if (
      j >= b.length ||
      (i < a.length && (table[(i + 1) * width + j] ?? 0) >= (table[i * width + j + 1] ?? 0))
    ) {
      steps.push({ kind: 'del', item: a[i++] as T });
    } else {
      steps.push({ kind: 'ins', item: b[j++] as T });
    }
  }
  return steps;
}

function pushPiece(pieces: Piece[], text: string, changed: boolean): void {
  const last = pieces.at(-1);
  if (last && last.changed === changed)
    pieces[pieces.length - 1] = { text: last.text + text, changed };
  else if (text) pieces.push({ text, changed });
}

/** The two sides of a line that differs, with what differs marked. */
export function diffLine(expected: string, actual: string): LinePair {
  const steps = align([...expected], [...actual]);
  const same = steps?.filter((s) => s.kind === 'same').length ?? 0;
  // Lines with little in common are marked whole: scattered matching letters only confuse.
  if (!steps || same * 2 < Math.min(expected.length, actual.length)) {
    return {
      expected: expected ? [{ text: expected, changed: true }] : [],
      actual: actual ? [{ text: actual, changed: true }] : [],
      first: { before: '', wanted: expected, got: actual, after: '' },
    };
  }
  const left: Piece[] = [];
  const right: Piece[] = [];
  for (const step of steps) {
    if (step.kind !== 'ins') pushPiece(left, step.item, step.kind === 'del');
    if (step.kind !== 'del') pushPiece(right, step.item, step.kind === 'ins');
  }
  const start = steps.findIndex((step) => step.kind !== 'same');
  let end = start;
  while (end < steps.length && steps[end]?.kind !== 'same') end++;
  const text = (from: number, to: number, kind: Step<string>['kind']) =>
    steps
      .slice(from, to)
      .filter((step) => step.kind === kind)
      .map((step) => step.item)
      .join('');
  const first = {
    before: text(0, start, 'same'),
    wanted: text(start, end, 'del'),
    got: text(start, end, 'ins'),
    after: steps
      .slice(end)
      .filter((step) => step.kind !== 'ins')
      .map((step) => step.item)
      .join(''),
  };
  return { expected: left, actual: right, first };
}

/** The lines of both outputs, aligned; a run of removed and added lines is paired up in order. */
function diffLines(expected: string[], actual: string[]): DiffLine[] {
  const steps =
    align(expected, actual) ??
    // Too long to align: compared line by line in place.
    expected
      .flatMap((line, i): Step<string>[] =>
        line === actual[i] ? [{ kind: 'same', item: line }] : [{ kind: 'del', item: line }],
      )
      .concat(
        actual.flatMap((line, i): Step<string>[] =>
          line === expected[i] ? [] : [{ kind: 'ins', item: line }],
        ),
      );
  const lines: DiffLine[] = [];
  let dels: string[] = [];
  let ins: string[] = [];
  const flush = () => {
    const pairs = Math.min(dels.length, ins.length);
    for (let k = 0; k < pairs; k++) {
      lines.push({ kind: 'changed', ...diffLine(dels[k] ?? '', ins[k] ?? '') });
    }
    for (const text of dels.slice(pairs)) lines.push({ kind: 'missing', text });
    for (const text of ins.slice(pairs)) lines.push({ kind: 'extra', text });
    dels = [];
    ins = [];
  };
  for (const step of steps) {
    if (step.kind === 'same') {
      flush();
      lines.push({ kind: 'same', text: step.item });
    } else (step.kind === 'del' ? dels : ins).push(step.item);
  }
  flush();
  return lines;
}

/** Punctuation named as well as shown: one small mark is easy to miss in code type. */
const NAMES: Record<string, string> = {
  '.': 'full stop',
  ',': 'comma',
  '!': 'exclamation mark',
  '?': 'question mark',
  ':': 'colon',
  ';': 'semicolon',
  "'": 'apostrophe',
  '"': 'double quote',
};

/** Characters named in a sentence: spaces are counted, since they cannot be seen. */
function show(text: string): string {
  if (/^ +$/.test(text)) return text.length === 1 ? 'a space' : `${text.length} spaces`;
  const shown = `\`${text.replace(/ /g, '␣')}\``;
  const name = NAMES[text];
  if (name) return `${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name} (${shown})`;
  return [...text].length === 1 ? `a ${shown}` : shown;
}

/** Where on the line a difference is: at its start or end, or after the text before it. */
function place(before: string, after: string): string {
  if (!after) return 'at the end';
  if (!before) return 'at the start';
  const word = before.trimEnd().split(' ').at(-1) ?? '';
  return `after \`${word || before}\``;
}

/** One sentence on a line that differs: its first difference. */
function lineSentence(number: number, { before, wanted, got, after }: LinePair['first']): string {
  const line = `Your line ${number}`;
  if (!got) return `${line} is missing ${show(wanted)} ${place(before, after)}.`;
  if (!wanted) {
    const spaces = /^ +$/.test(got) && got.length > 1;
    const extra = spaces
      ? `${got.length} extra spaces`
      : `an extra ${show(got).replace(/^a /, '')}`;
    return `${line} has ${extra} ${place(before, after)}.`;
  }
  const capitals = got.toLowerCase() === wanted.toLowerCase() ? ' (capitals count)' : '';
  return `${line} has ${show(got)} where ${show(wanted)} is expected${capitals}.`;
}

/** The outputs compared: every line, and what differs first in one sentence. */
export function diffOutput(expected: string, actual: string): OutputDiff {
  const lines = diffLines(expected.split('\n'), actual === '' ? [] : actual.split('\n'));
  let yours = 0;
  let wanted = 0;
  let sentence = '';
  let differing = 0;
  for (const line of lines) {
    if (line.kind !== 'missing') yours++;
    if (line.kind !== 'extra') wanted++;
    if (line.kind === 'same') continue;
    differing++;
    if (sentence) continue;
    if (line.kind === 'changed') sentence = lineSentence(yours, line.first);
    else if (line.kind === 'missing') {
      sentence = line.text
        ? `Your output is missing line ${wanted}: \`${line.text}\`.`
        : `Your output is missing the blank line ${wanted}.`;
    } else {
      sentence = line.text
        ? `Your line ${yours} is not expected: \`${line.text}\`.`
        : `Your line ${yours} is an extra blank line.`;
    }
  }
  if (differing > 1) {
    const others = differing - 1;
    sentence = `${sentence.slice(0, -1)}, and ${others} more ${others === 1 ? 'line differs' : 'lines differ'}.`;
  }
  return { lines, sentence };
}
