/*
 * Pure parsing of the fenced code blocks in lesson Markdown (content/README.md, "lesson.md"). The
 * verifier runs what this finds, the server's renderer and the browser's "Try it" buttons read the
 * same result, so all three agree on what a block is.
 */

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
}

export interface LessonProblem {
  readonly line: number;
  readonly message: string;
  readonly hint: string;
}

export interface ParsedLesson {
  readonly blocks: readonly FencedBlock[];
  readonly python: readonly PythonBlock[];
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
  blocks.forEach((block, position) => {
    if (PYTHON_LIKE.has(block.lang)) {
      problems.push({
        line: block.line,
        message: `code block language \`${block.lang}\` is not run`,
        hint: 'write ```python so the block is run and checked (or ```text for non-Python)',
      });
      return;
    }
    if (block.lang !== 'python') return;
    const attributes = parseAttributes(block.info.slice('python'.length));
    let kind: PythonBlockKind = 'run';
    let raises: string | undefined;
    let stdin: string | undefined;
    for (const junk of attributes.bad) {
      problems.push({
        line: block.line,
        message: `cannot read \`${junk}\` in the fence`,
        hint: 'allowed: ```python, ```python raises=NameError, ```python stdin="a\\nb", ```python norun',
      });
    }
    for (const flag of attributes.flags) {
      if (flag === 'norun') kind = 'norun';
      else {
        problems.push({
          line: block.line,
          message: `unknown fence option \`${flag}\``,
          hint: 'allowed: raises=ErrorType, stdin="...", norun',
        });
      }
    }
    for (const [name, value] of attributes.values) {
      if (name === 'raises') {
        if (!/^[A-Za-z_]\w*$/.test(value)) {
          problems.push({
            line: block.line,
            message: `raises=${value} is not an exception class name`,
            hint: 'write the class name only, e.g. raises=ValueError',
          });
        }
        raises = value;
      } else if (name === 'stdin') {
        stdin = decodeEscapes(value);
      } else {
        problems.push({
          line: block.line,
          message: `unknown fence option \`${name}=\``,
          hint: 'allowed: raises=ErrorType, stdin="...", norun',
        });
      }
    }
    if (raises !== undefined) {
      if (kind === 'norun') {
        problems.push({
          line: block.line,
          message: 'a block cannot be both norun and raises=',
          hint: 'keep raises= if it can run here, otherwise only norun',
        });
      }
      kind = kind === 'norun' ? 'norun' : 'raises';
    }
    const next = blocks[position + 1];
    let output: ExpectedOutput | undefined;
    if (next?.lang === 'output' && onlyBlankBetween(lines, block.endLine, next.line)) {
      output = { text: next.code, line: next.line };
      claimed.add(next);
    }
    python.push({
      index: python.length + 1,
      line: block.line,
      code: block.code,
      kind,
      ...(raises !== undefined ? { raises } : {}),
      ...(stdin !== undefined ? { stdin } : {}),
      ...(output ? { output } : {}),
    });
  });
  for (const block of blocks) {
    if (block.lang === 'output' && !claimed.has(block)) {
      problems.push({
        line: block.line,
        message: 'output block does not follow a python block',
        hint: 'put the ```output block right after the ```python block it belongs to (only blank lines between)',
      });
    }
  }
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
  return { blocks, python, proseWords: countWords(prose.map((p) => p.text)), problems };
}

function onlyBlankBetween(lines: readonly string[], endLine: number, startLine: number): boolean {
  for (let l = endLine; l < startLine - 1; l++) {
    if ((lines[l] ?? '').trim() !== '') return false;
  }
  return true;
}
