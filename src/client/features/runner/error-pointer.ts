/*
 * Issue 35, "errors that point": the syntax errors a beginner meets most, recognised from Python's
 * own position (SyntaxError.lineno, offset, end_offset) and the line as written, each explained in
 * plain words with the exact place to mark in the editor. Pure functions: friendly-errors.ts adds
 * the result to the error report.
 */
import type { PythonError } from '#shared/content/python-checks.ts';

/** A place in the learner's program: a line (1-based) and the columns from..to (0-based, end exclusive). */
export interface ErrorSpot {
  readonly line: number;
  readonly from: number;
  readonly to: number;
}

export interface PointedError {
  readonly spot: ErrorSpot;
  /** Replaces the general hint: what is wrong at the spot, and how to put it right. */
  readonly explanation?: string;
  /** A fix the learner can apply with one click. */
  readonly fix?: 'curly-quotes';
}

const CURLY_NAMES: Record<string, string> = {
  '“': 'an opening curly double quote `“`',
  '”': 'a closing curly double quote `”`',
  '‘': 'an opening curly single quote `‘`',
  '’': 'a closing curly single quote `’`',
};
const CURLY = /[“”‘’]/;
const CLOSER: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const LETTER = /\p{L}/u;

/** Where Python points, or undefined for errors that are not syntax errors in the program. */
export function pointAtError(error: PythonError): PointedError | undefined {
  const spot = error.spot;
  if (error.phase !== 'code' || error.lineno === undefined || !spot) return undefined;
  const line = error.lineno;
  const text = spot.text;
  const start = Math.max(0, Math.min(spot.offset - 1, text.length));
  // Python marks a span where it can; a single character where it gives no end.
  const end = spot.endOffset > spot.offset ? Math.min(spot.endOffset - 1, text.length) : start + 1;
  const at = (from: number, to = from + 1): ErrorSpot => ({ line, from, to });
  // str(SyntaxError) ends with where it is, "(main.py, line 2)": the message is what comes before.
  const message = error.message.replace(/ \([^()]*, line \d+\)$/, '');

  const curly = CURLY.exec(message.startsWith('invalid character') ? message : '');
  if (curly) {
    const name = CURLY_NAMES[curly[0]] ?? curly[0];
    return {
      spot: at(start),
      explanation: `This is ${name}, as word processors and phone keyboards type it: Python only reads straight quotes (\`"\` and \`'\`), so replace the curly ones.`,
      fix: 'curly-quotes',
    };
  }
  if (error.type === 'TabError' || (error.type === 'IndentationError' && /^[ \t]*\t/.test(text))) {
    const indent = /^[ \t]*/.exec(text)?.[0] ?? '';
    const uses =
      indent.includes(' ') && indent.includes('\t')
        ? 'both a tab and spaces'
        : indent.includes('\t')
          ? 'a tab'
          : 'spaces';
    const others = uses === 'spaces' ? 'a tab' : 'spaces';
    return {
      spot: at(0, Math.max(indent.length, 1)),
      explanation: `Line ${line} is indented with ${uses}, ${uses === 'both a tab and spaces' ? 'which Python cannot compare with the lines around it' : `and a line above it with ${others}`}: delete the indentation and type it again with spaces only.`,
    };
  }
  const apostrophe = findApostrophe(text);
  if (apostrophe && error.type === 'SyntaxError') {
    const word = wordAround(text, apostrophe.at);
    const fixed = doubleQuoted(text, apostrophe.open, start);
    return {
      spot: at(apostrophe.at),
      explanation: `The apostrophe in \`${word}\` ends the text early, because the text began with the same mark (\`'\`): put double quotes around text that contains an apostrophe${fixed ? `, as in \`${fixed.trim()}\`` : ''}.`,
    };
  }
  const quote = text[start];
  if (message.startsWith('unterminated string literal') && (quote === '"' || quote === "'")) {
    return {
      spot: at(start),
      explanation: `The text that starts here with \`${quote}\` is never closed: add another \`${quote}\` where the text ends.`,
    };
  }
  const neverClosed = /^'([([{])' was never closed$/.exec(message);
  if (neverClosed) {
    const open = neverClosed[1] ?? '(';
    return {
      spot: at(start),
      explanation: `The \`${open}\` opened on line ${line}, character ${start + 1}, is never closed: add its \`${CLOSER[open]}\` where what it holds ends, often at the end of that line.`,
    };
  }
  const unmatched = /^unmatched '([)\]}])'$/.exec(message);
  if (unmatched) {
    return {
      spot: at(start),
      explanation: `This \`${unmatched[1]}\` closes a bracket that was never opened: remove it, or add the opening bracket that is missing.`,
    };
  }
  const mismatch =
    /^closing parenthesis '(.)' does not match opening parenthesis '(.)'(?: on line (\d+))?$/.exec(
      message,
    );
  if (mismatch) {
    const [, close = ')', open = '(', openLine] = mismatch;
    const opened = openLine
      ? `on line ${openLine}`
      : `at character ${openingColumn(text, start) + 1} of this line`;
    return {
      spot: at(start),
      explanation: `This \`${close}\` closes the \`${open}\` opened ${opened}: a \`${open}\` must be closed with \`${CLOSER[open] ?? close}\`.`,
    };
  }
  return { spot: at(start, Math.max(end, start + 1)) };
}

/**
 * A single-quoted string on the line that ends at a quote with a letter on both sides (I'm,
 * don't): the apostrophe Python took for the end of the text. Undefined when there is none, or
 * the line has a kind of string this simple reading does not follow (triple quotes).
 */
export function findApostrophe(text: string): { open: number; at: number } | undefined {
  let quote = '';
  let open = -1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? '';
    if (!quote) {
      if (char === '#') return undefined;
      if (char === "'" || char === '"') {
        if (text.startsWith(char.repeat(3), i)) return undefined;
        quote = char;
        open = i;
      }
      continue;
    }
    if (char === '\\') {
      i++;
      continue;
    }
    if (char !== quote) continue;
    if (quote === "'" && LETTER.test(text[i - 1] ?? '') && LETTER.test(text[i + 1] ?? '')) {
      return { open, at: i };
    }
    quote = '';
  }
  return undefined;
}

/** The word the apostrophe is in, e.g. I'm. */
function wordAround(text: string, at: number): string {
  let from = at;
  while (from > 0 && LETTER.test(text[from - 1] ?? '')) from--;
  let to = at + 1;
  while (to < text.length && LETTER.test(text[to] ?? '')) to++;
  return text.slice(from, to);
}

/** The line with the text's single quotes made double, when that is all it takes. */
function doubleQuoted(text: string, open: number, pythonStart: number): string | undefined {
  const close = text[pythonStart] === "'" ? pythonStart : text.lastIndexOf("'");
  if (close <= open) return undefined;
  const inside = text.slice(open + 1, close);
  if (inside.includes('"')) return undefined;
  return `${text.slice(0, open)}"${inside}"${text.slice(close + 1)}`;
}

/** The column of the bracket a closing bracket at `close` was taken to close (strings skipped). */
function openingColumn(text: string, close: number): number {
  const stack: number[] = [];
  let quote = '';
  for (let i = 0; i < close; i++) {
    const char = text[i] ?? '';
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = '';
    } else if (char === "'" || char === '"') quote = char;
    else if (char in CLOSER) stack.push(i);
    else if (')]}'.includes(char)) stack.pop();
  }
  return stack.at(-1) ?? 0;
}

/**
 * The program with curly quotes made straight (“ ” to ", ‘ ’ to '), except inside straight-quoted
 * text and comments, where they are the learner's own characters and Python reads them fine.
 */
export function straightenQuotes(code: string): string {
  let out = '';
  let quote = '';
  let comment = false;
  for (let i = 0; i < code.length; i++) {
    const char = code[i] ?? '';
    if (comment) {
      if (char === '\n') comment = false;
    } else if (quote) {
      if (char === '\\') {
        out += char + (code[i + 1] ?? '');
        i++;
        continue;
      }
      if (code.startsWith(quote, i)) {
        out += quote;
        i += quote.length - 1;
        quote = '';
        continue;
      }
      // A one-line string ends at the line's end even when unterminated (Python stops there too).
      if (char === '\n' && quote.length === 1) quote = '';
    } else if (char === '#') comment = true;
    else if (char === '"' || char === "'") {
      quote = code.startsWith(char.repeat(3), i) ? char.repeat(3) : char;
      out += quote;
      i += quote.length - 1;
      continue;
    } else if (char === '“' || char === '”') {
      out += '"';
      continue;
    } else if (char === '‘' || char === '’') {
      out += "'";
      continue;
    }
    out += char;
  }
  return out;
}
