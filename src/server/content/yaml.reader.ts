/*
 * YAML with positions: parses a content file with the failsafe schema, validates it with a zod
 * schema, and turns every YAML or schema issue into a problem with the line it is on, so a writer is
 * pointed at the exact key. Front matter (articles, legal pages) goes through the same path.
 */

import { isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import type { Document } from 'yaml';
import type { z } from 'zod';
import { hintFor } from '#shared/content/schema.ts';
import { readText } from './content.files.ts';
import type { ContentProblem } from './content.types.ts';

export interface YamlFile<T> {
  /** Undefined when the file is missing, is not valid YAML or does not match the schema. */
  readonly value?: T;
  /** The 1-based line of the node at `path`, or of the nearest enclosing node that exists. */
  lineOf(path: readonly PropertyKey[]): number;
}

/** Reads and validates a YAML file; undefined when the file does not exist. */
export async function readYaml<T>(
  file: string,
  shownFile: string,
  schema: z.ZodType<T>,
  problems: ContentProblem[],
): Promise<YamlFile<T> | undefined> {
  const source = await readText(file);
  if (source === undefined) return undefined;
  return parseYaml(source, shownFile, schema, problems, 0);
}

/** Parses YAML text that starts `lineOffset` lines into `shownFile`. */
export function parseYaml<T>(
  source: string,
  shownFile: string,
  schema: z.ZodType<T>,
  problems: ContentProblem[],
  lineOffset: number,
): YamlFile<T> {
  const lineCounter = new LineCounter();
  // Failsafe: every scalar is a string, so an answer written `- 3.0` is "3.0", not the number 3.
  const doc = parseDocument(source, { schema: 'failsafe', lineCounter, prettyErrors: true });
  const lineOf = (at: readonly PropertyKey[]): number =>
    nodeLine(doc, at, lineCounter) + lineOffset;
  const yamlProblems = [...doc.errors, ...doc.warnings];
  for (const error of yamlProblems) {
    problems.push({
      file: shownFile,
      line: (error.linePos?.[0].line ?? 1) + lineOffset,
      // Pretty errors end their first line with the position, which the problem already shows.
      message: `YAML: ${(error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '')}`,
      hint: 'check the indentation, and use a `|` block for text holding `: ` or starting with a quote',
    });
  }
  if (yamlProblems.length > 0) return { lineOf };
  const result = schema.safeParse(doc.toJS());
  if (result.success) return { value: result.data, lineOf };
  for (const issue of result.error.issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [undefined];
    for (const key of keys) {
      const at = key === undefined ? issue.path : [...issue.path, key];
      problems.push({
        file: shownFile,
        line: lineOf(at),
        path: formatPath(at) || '(top level)',
        ...describeIssue(issue, key, nodeAt(doc, at)),
      });
    }
  }
  return { lineOf };
}

function describeIssue(
  issue: z.core.$ZodIssue,
  key: string | undefined,
  node: unknown,
): { message: string; hint?: string } {
  if (key !== undefined) {
    return { message: `unknown key "${key}"`, ...optionalHint(hintFor(issue.path, issue)) };
  }
  // The commonest YAML slip: a plain line holding ": " is read as a key and a value.
  if (issue.code === 'invalid_type' && issue.expected === 'string' && isMap(node)) {
    return {
      message: 'is a "key: value" pair, not text (YAML reads ": " inside a plain line as a key)',
      hint: 'put the whole text in double quotes, or write it as a `>-` block on the next lines',
    };
  }
  return { message: issue.message, ...optionalHint(hintFor(issue.path, issue)) };
}

function optionalHint(hint: string | undefined): { hint?: string } {
  return hint ? { hint } : {};
}

/** Splits `---` front matter from a Markdown page and validates it. */
export function readFrontMatter<T>(
  source: string,
  shownFile: string,
  schema: z.ZodType<T>,
  problems: ContentProblem[],
): { data: T; body: string } | undefined {
  const match = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(source);
  if (!match) {
    problems.push({
      file: shownFile,
      line: 1,
      message: 'has no front matter',
      hint: 'start the file with a --- line, the YAML fields, and another --- line',
    });
    return undefined;
  }
  const parsed = parseYaml(match[1] ?? '', shownFile, schema, problems, 1);
  const body = source.slice(match[0].length);
  if (body.trim() === '') {
    problems.push({ file: shownFile, message: 'has no text after the front matter' });
  }
  return parsed.value === undefined ? undefined : { data: parsed.value, body };
}

export function formatPath(at: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of at) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out;
}

/** The deepest node along `at` that exists, and the offset where it (or its key) starts. */
function walk(
  doc: Document,
  at: readonly PropertyKey[],
): { node: unknown; offset: number; complete: boolean } {
  let node: unknown = doc.contents;
  let offset = rangeStart(node) ?? 0;
  for (const segment of at) {
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && item.key.value === segment);
      if (!pair) return { node, offset, complete: false };
      // The key's line: for `code: |` the value starts a line later, but the key is what people look for.
      offset = rangeStart(pair.key) ?? offset;
      node = pair.value;
    } else if (isSeq(node) && typeof segment === 'number') {
      const item: unknown = node.items[segment];
      if (item === undefined) return { node, offset, complete: false };
      offset = rangeStart(item) ?? offset;
      node = item;
    } else {
      return { node, offset, complete: false };
    }
  }
  return { node, offset, complete: true };
}

function nodeAt(doc: Document, at: readonly PropertyKey[]): unknown {
  const found = walk(doc, at);
  return found.complete ? found.node : undefined;
}

function nodeLine(doc: Document, at: readonly PropertyKey[], lineCounter: LineCounter): number {
  return lineCounter.linePos(walk(doc, at).offset).line;
}

function rangeStart(node: unknown): number | undefined {
  if (typeof node === 'object' && node !== null && 'range' in node) {
    const range: unknown = node.range;
    if (Array.isArray(range) && typeof range[0] === 'number') return range[0];
  }
  return undefined;
}
