/*
 * The fenced code blocks of lesson Markdown and the prose around them (content/README.md,
 * "lesson.md"): the first step of parsing a lesson, shared by the lesson parser, the checkpoint
 * reader and the verifier's rules.
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

export interface LessonProblem {
  readonly line: number;
  readonly message: string;
  readonly hint: string;
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

export interface InfoAttributes {
  flags: string[];
  values: Map<string, string>;
  bad: string[];
}

export function parseAttributes(rest: string): InfoAttributes {
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


/** Whether only blank lines stand between line `endLine` and line `startLine`. */
export function onlyBlankBetween(lines: readonly string[], endLine: number, startLine: number): boolean {
  for (let l = endLine; l < startLine - 1; l++) {
    if ((lines[l] ?? '').trim() !== '') return false;
  }
  return true;
}
