/*
 * Pure parsing of the fenced code blocks in lesson Markdown (content/README.md, "lesson.md"). The
 * verifier runs what this finds, the server's renderer and the browser's "Try it" buttons read the
 * same result, so all three agree on what a block is. Checkpoints (a ```python checkpoint block, its
 * ```output and a ```predict block) and diagram lines (`![alt](name.svg)`) are read here too.
 */

import { readCheckpoint, readReveal, strayRevealMarkers, type Checkpoint } from './checkpoint-blocks.ts';
import {
  countWords,
  decodeEscapes,
  fencedBlocks,
  onlyBlankBetween,
  parseAttributes,
  type FencedBlock,
  type LessonProblem,
  type ProseLine,
} from './fenced-blocks.ts';

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

/** A `![alt](name.svg)` line: a diagram drawn in an SVG file of the module folder. */
export interface DiagramRef {
  readonly line: number;
  readonly alt: string;
  /** The file name, e.g. `call-stack.svg`. */
  readonly file: string;
}

export interface ParsedLesson {
  readonly blocks: readonly FencedBlock[];
  readonly python: readonly PythonBlock[];
  readonly diagrams: readonly DiagramRef[];
  readonly proseWords: number;
  readonly problems: readonly LessonProblem[];
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

