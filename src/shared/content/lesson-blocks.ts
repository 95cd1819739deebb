/*
 * Pure parsing of the fenced code blocks in lesson Markdown (content/README.md, "lesson.md"). The
 * verifier runs what this finds, the server's renderer and the browser's "Try it" buttons read the
 * same result, so all three agree on what a block is. Checkpoints (a ```python checkpoint block, its
 * ```output and a ```predict block) and diagram lines (`![alt](name.svg)`) are read here too.
 */

import { LineCounter, parseDocument } from 'yaml';
import { hintFor, predictSchema, type PredictOption } from './schema.ts';

export interface FencedBlock {
  /** The first word of the info string (`python`, `output`, `text`), or '' when there is none. */
  readonly lang: string;
  /** The whole info string after the fence, e.g. `python stdin="Ada\n36"`. */
  readonly info: string;
  readonly code: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  /** 1-based line of the closing fence. */
  readonly endLine: number;
}

export type PythonBlockKind = 'run' | 'raises' | 'norun';

export interface ExpectedOutput {
  readonly text: string;
  readonly line: number;
}

export interface PythonBlock {
  /** 1-based position among the python blocks of the lesson. */
  readonly index: number;
  readonly line: number;
  readonly code: string;
  readonly kind: PythonBlockKind;
  /** The exception class name for `raises=`. */
  readonly raises?: string;
  /** Decoded input lines for `stdin="..."`. */
  readonly stdin?: string;
  /** The ```output block right after this one, if any. */
  readonly output?: ExpectedOutput;
  /** Set on a ```python checkpoint block whose ```predict block could be read. */
  readonly checkpoint?: Checkpoint;
}

/** What the learner predicts before a checkpoint runs (its answer is the block's `output`). */
export interface Checkpoint {
  /**
   * 3 or 4 choices, exactly one of them the real output, each wrong one with its `whyNot`; null
   * when the learner types the output.
   */
  readonly options: readonly PredictOption[] | null;
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

/** A `![alt](name.svg)` line: a diagram drawn in an SVG file of the module folder. */
export interface DiagramRef {
  readonly line: number;
  readonly alt: string;
  /** The file name, e.g. `call-stack.svg`. */
  readonly file: string;
}

export interface LessonProblem {
  readonly line: number;
  readonly message: string;
  readonly hint: string;
}

export interface ParsedLesson {
  readonly blocks: readonly FencedBlock[];
  readonly python: readonly PythonBlock[];
  readonly diagrams: readonly DiagramRef[];
  readonly proseWords: number;
  readonly problems: readonly LessonProblem[];
}

export interface ProseLine {
  readonly line: number;
  readonly text: string;
}

// Any indentation: a fence nested in a list item is indented by the item's width, and a python
// block missed here would silently go unverified.
const FENCE_OPEN = /^( *)(`{3,}|~{3,})(.*)$/;

/** Splits Markdown into fenced blocks and the prose lines outside them. */
export function fencedBlocks(markdown: string): {
  blocks: FencedBlock[];
  /** Lines outside fenced blocks, with their 1-based line numbers. */
  prose: ProseLine[];
  unclosed?: number;
} {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: FencedBlock[] = [];
  const prose: ProseLine[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    const open = FENCE_OPEN.exec(line);
    // A backtick fence's info string may not contain backticks (CommonMark), which keeps
    // inline code such as ```x``` in prose from opening a block.
    if (!open || (open[2]?.startsWith('`') && open[3]?.includes('`'))) {
      prose.push({ line: i + 1, text: line });
      i++;
      continue;
    }
    const indent = open[1]?.length ?? 0;
    const fence = open[2] ?? '';
    const info = (open[3] ?? '').trim();
    const close = new RegExp(`^ *${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !close.test(lines[j] ?? '')) {
      // Content lines lose up to the fence's own indentation (CommonMark).
      body.push((lines[j] ?? '').replace(new RegExp(`^ {0,${indent}}`), ''));
      j++;
    }
    if (j >= lines.length) {
      return { blocks, prose, unclosed: i + 1 };
    }
    blocks.push({
      lang: info.split(/\s+/)[0] ?? '',
      info,
      code: body.length ? `${body.join('\n')}\n` : '',
      line: i + 1,
      endLine: j + 1,
    });
    i = j + 1;
  }
  return { blocks, prose };
}

/** Words of prose: tokens holding a letter or digit, so bullets, `#` marks and `1.` don't count. */
export function countWords(lines: readonly string[]): number {
  let count = 0;
  for (const line of lines) {
    for (const token of line.split(/\s+/)) {
      if (/[\p{L}\p{N}]/u.test(token) && !/^\d+[.)]$/.test(token)) count++;
    }
  }
  return count;
}

/** Decodes the escapes allowed inside `stdin="..."`: \n, \t, \\ and \". */
export function decodeEscapes(value: string): string {
  return value.replace(/\\(.)/g, (_, ch: string) => {
    switch (ch) {
      case 'n':
        return '\n';
      case 't':
        return '\t';
      default:
        return ch;
    }
  });
}

interface InfoAttributes {
  flags: string[];
  values: Map<string, string>;
  bad: string[];
}

function parseAttributes(rest: string): InfoAttributes {
  const flags: string[] = [];
  const values = new Map<string, string>();
  const bad: string[] = [];
  const pattern = /\s*([A-Za-z_][\w-]*)(?:=(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^\s"']+)))?|\s*(\S+)/gy;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(rest)) !== null && match[0] !== '') {
    const [, name, dq, sq, bare, junk] = match;
    if (junk !== undefined) bad.push(junk);
    else if (name !== undefined) {
      const value = dq ?? sq ?? bare;
      if (value === undefined) flags.push(name);
      else values.set(name, value);
    }
  }
  return { flags, values, bad };
}

const PYTHON_LIKE = new Set(['py', 'python3', 'Python', 'pycon', 'py3']);
const FENCE_HINT =
  'allowed: ```python, ```python raises=NameError, ```python stdin="a\\nb", ```python norun, ```python checkpoint';
const OPTION_HINT = 'allowed: raises=ErrorType, stdin="...", norun, checkpoint';

/** Parses every fenced block of a lesson and checks the block rules of content/README.md. */
export function parseLesson(markdown: string): ParsedLesson {
  const { blocks, prose, unclosed } = fencedBlocks(markdown);
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const problems: LessonProblem[] = [];
  if (unclosed !== undefined) {
    problems.push({
      line: unclosed,
      message: 'code fence is never closed',
      hint: 'close the block with a line of ``` (as many backticks as opened it)',
    });
  }
  const python: PythonBlock[] = [];
  const claimed = new Set<FencedBlock>();
  const proseAt = new Map(prose.map((p) => [p.line, p.text]));
  /** Lines of the reveal markers that belong to a checkpoint. */
  const revealMarkers = new Set<number>();
  /** The block right after `after` if it has language `lang` and only blank lines separate them. */
  const follow = (after: FencedBlock | undefined, lang: string): FencedBlock | undefined => {
    const next = after ? blocks[blocks.indexOf(after) + 1] : undefined;
    return after && next?.lang === lang && onlyBlankBetween(lines, after.endLine, next.line)
      ? next
      : undefined;
  };
  blocks.forEach((block) => {
    if (PYTHON_LIKE.has(block.lang)) {
      problems.push({
        line: block.line,
        message: `code block language \`${block.lang}\` is not run`,
        hint: 'write ```python so the block is run and checked (or ```text for non-Python)',
      });
      return;
    }
    if (block.lang !== 'python') return;
    const fence = readPythonFence(block, problems);
    const outputBlock = follow(block, 'output');
    if (outputBlock) claimed.add(outputBlock);
    const predictBlock = fence.checkpoint ? follow(outputBlock, 'predict') : undefined;
    const checkpoint = fence.checkpoint
      ? readCheckpoint(block, outputBlock, predictBlock, problems, claimed)
      : undefined;
    // Read even when the predict block is faulty, so its reveal is not reported as a stray too.
    const reveal = predictBlock
      ? readReveal(predictBlock.endLine, proseAt, blocks, problems, revealMarkers)
      : undefined;
    python.push({
      index: python.length + 1,
      line: block.line,
      code: block.code,
      kind: fence.kind,
      ...(fence.raises !== undefined ? { raises: fence.raises } : {}),
      ...(fence.stdin !== undefined ? { stdin: fence.stdin } : {}),
      ...(outputBlock ? { output: { text: outputBlock.code, line: outputBlock.line } } : {}),
      ...(checkpoint ? { checkpoint: { ...checkpoint, ...(reveal ? { reveal } : {}) } } : {}),
    });
  });
  problems.push(
    ...unclaimedBlocks(blocks, claimed),
    ...headingProblems(prose),
    ...strayRevealMarkers(prose, revealMarkers),
  );
  const diagrams = diagramLines(prose, problems);
  return { blocks, python, diagrams, proseWords: countWords(prose.map((p) => p.text)), problems };
}

interface PythonFence {
  kind: PythonBlockKind;
  raises?: string;
  stdin?: string;
  checkpoint: boolean;
}

/** The options of a ```python fence (raises=, stdin=, norun, checkpoint). */
function readPythonFence(block: FencedBlock, problems: LessonProblem[]): PythonFence {
  const attributes = parseAttributes(block.info.slice('python'.length));
  const fence: PythonFence = { kind: 'run', checkpoint: false };
  const problem = (message: string, hint = OPTION_HINT): void => {
    problems.push({ line: block.line, message, hint });
  };
  for (const junk of attributes.bad) problem(`cannot read \`${junk}\` in the fence`, FENCE_HINT);
  for (const flag of attributes.flags) {
    if (flag === 'norun') fence.kind = 'norun';
    else if (flag === 'checkpoint') fence.checkpoint = true;
    else problem(`unknown fence option \`${flag}\``);
  }
  for (const [name, value] of attributes.values) {
    if (name === 'raises') {
      if (!/^[A-Za-z_]\w*$/.test(value)) {
        problem(
          `raises=${value} is not an exception class name`,
          'write the class name only, e.g. raises=ValueError',
        );
      }
      fence.raises = value;
    } else if (name === 'stdin') {
      fence.stdin = decodeEscapes(value);
    } else {
      problem(`unknown fence option \`${name}=\``);
    }
  }
  if (fence.raises !== undefined) {
    if (fence.kind === 'norun') {
      problem(
        'a block cannot be both norun and raises=',
        'keep raises= if it can run here, otherwise only norun',
      );
    } else {
      fence.kind = 'raises';
    }
  }
  if (fence.checkpoint && fence.kind === 'norun') {
    problem('a checkpoint cannot be norun', 'a checkpoint runs after the learner predicts');
  }
  return fence;
}

/** The ```output and ```predict blocks that must follow a ```python checkpoint block. */
function readCheckpoint(
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
function readReveal(
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
function strayRevealMarkers(
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
): { value?: { options?: PredictOption[]; why: string }; problems: LessonProblem[] } {
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

function unclaimedBlocks(
  blocks: readonly FencedBlock[],
  claimed: ReadonlySet<FencedBlock>,
): LessonProblem[] {
  const problems: LessonProblem[] = [];
  for (const block of blocks) {
    if (claimed.has(block)) continue;
    if (block.lang === 'output') {
      problems.push({
        line: block.line,
        message: 'output block does not follow a python block',
        hint: 'put the ```output block right after the ```python block it belongs to (only blank lines between)',
      });
    } else if (block.lang === 'predict') {
      problems.push({
        line: block.line,
        message: 'predict block does not follow the output block of a checkpoint',
        hint: 'a ```predict block comes right after the ```output of a ```python checkpoint block',
      });
    }
  }
  return problems;
}

function headingProblems(prose: readonly ProseLine[]): LessonProblem[] {
  const problems: LessonProblem[] = [];
  for (const { line, text } of prose) {
    if (/^ {0,3}#\s/.test(text)) {
      problems.push({
        line,
        message: 'top-level # heading in the lesson',
        hint: 'the page already shows the module title; use ## for sections and ### below them',
      });
    }
  }
  if (!prose.some(({ text }) => /^ {0,3}##\s/.test(text))) {
    problems.push({
      line: 1,
      message: 'the lesson has no ## section headings',
      hint: 'split the lesson into sections, each starting with a ## heading',
    });
  }
  return problems;
}

/** A diagram line: an image of an .svg file, alone on its line. */
export const DIAGRAM_LINE = /^ {0,3}!\[([^\]]*)\]\(\s*([^)\s]*\.svg)\s*\)\s*$/;
const DIAGRAM_FILE = /^[a-z0-9]+(?:-[a-z0-9]+)*\.svg$/;
/** The start of a Markdown image (`![`, not escaped) or an HTML `<img>`. */
const IMAGE_START = /(?<!\\)!\[|<img\b/i;

/** A prose line with its inline code spans blanked out: `![x](y)` in backticks shows code, not a picture. */
function withoutInlineCode(text: string): string {
  return text.replace(/(`+)[\s\S]*?\1/g, ' ');
}

/**
 * Why a line that shows an image is not a diagram line. The renderer inlines only the diagrams this
 * parser finds; any other image would reach the page as an `<img>` with a broken relative address,
 * so every one is a problem.
 */
function imageProblem(text: string): { message: string; hint: string } | undefined {
  const prose = withoutInlineCode(text);
  if (!IMAGE_START.test(prose)) return undefined;
  if (/^ {0,3}!\[(?:(?!\]\().)*\]\(\s*[^)\s]*\.svg\s*\)\s*$/.test(prose)) {
    return {
      message: 'the alt text of this diagram holds [ or ], so the line is not read as a diagram',
      hint: 'write the alt text without square brackets (for a list, say "the list 3, 9, 10")',
    };
  }
  if (/!\[[^\]]*\]\([^)]*\.svg\s*\)/.test(prose)) {
    return {
      message: 'a diagram must stand on a line of its own',
      hint: 'put ![what it shows](name.svg) alone on its line, with blank lines around it',
    };
  }
  return {
    message: 'an image that is not a diagram line',
    hint: 'a lesson shows pictures only as SVG diagrams of its module folder, each alone on its line: ![what it shows](name.svg)',
  };
}

function diagramLines(prose: readonly ProseLine[], problems: LessonProblem[]): DiagramRef[] {
  const diagrams: DiagramRef[] = [];
  for (const { line, text } of prose) {
    const match = DIAGRAM_LINE.exec(text);
    if (!match) {
      const problem = imageProblem(text);
      if (problem) problems.push({ line, ...problem });
      continue;
    }
    const alt = (match[1] ?? '').trim();
    const file = match[2] ?? '';
    if (!DIAGRAM_FILE.test(file)) {
      problems.push({
        line,
        message: `diagram file "${file}" is not a plain file name of the module folder`,
        hint: 'name it like call-stack.svg (lower case, hyphens) and keep it next to lesson.md',
      });
      continue;
    }
    if (alt === '') {
      problems.push({
        line,
        message: `diagram ${file} has no alt text`,
        hint: 'write 1 to 3 sentences in the [...] saying what the picture shows',
      });
    }
    diagrams.push({ line, alt, file });
  }
  return diagrams;
}

function onlyBlankBetween(lines: readonly string[], endLine: number, startLine: number): boolean {
  for (let l = endLine; l < startLine - 1; l++) {
    if ((lines[l] ?? '').trim() !== '') return false;
  }
  return true;
}
