import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Each test gets its own clock; no test depends on another test's clock moves (issue 16). A
 * testClock() made inside a test is that test's own. One made at the top of a file or of a
 * describe block is shared by its tests, so that file or block sets it back before each test with
 * `beforeEach(() => clock.reset())`, whether or not its tests move it today: the next test that
 * does would otherwise leave its time to whichever test runs after it.
 */

const root = fileURLToPath(new URL('..', import.meta.url));

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return testFiles(full);
    return name.endsWith('.test.ts') ? [full] : [];
  });
}

const indent = (line: string) => /^ */.exec(line)?.[0].length ?? 0;

/** The lines of the block a line at `at` sits in: from its opening line to its closing one. */
function enclosing(lines: readonly string[], at: number): { opener: string; body: string[] } {
  const depth = indent(lines[at] ?? '');
  let start = at;
  while (start > 0 && (lines[start] === '' || indent(lines[start] ?? '') >= depth)) start--;
  let end = at;
  while (end < lines.length - 1 && (lines[end] === '' || indent(lines[end] ?? '') >= depth)) end++;
  const opener = depth === 0 ? '' : (lines[start] ?? '');
  return { opener, body: lines.slice(depth === 0 ? 0 : start, end + 1) };
}

/** `file:line name` of every shared test clock that is not reset before each test. */
export function unresetClocks(file: string, text: string): string[] {
  const lines = text.split('\n');
  return lines.flatMap((line, i) => {
    const name = /^\s*(?:const|let) (\w+) = testClock\(/.exec(line)?.[1];
    if (!name) return [];
    const { opener, body } = enclosing(lines, i);
    if (opener !== '' && !/^\s*describe[.(]/.test(opener)) return []; // made inside a test
    const reset = new RegExp(`^ {${indent(line)}}beforeEach\\([^]*?\\b${name}\\.reset\\(\\)`, 'm');
    return reset.test(body.join('\n')) ? [] : [`${path.relative(root, file)}:${i + 1} ${name}`];
  });
}

describe('test clocks', () => {
  it('are reset before each test wherever tests share one', () => {
    const files = testFiles(path.join(root, 'src/server'));
    const shared = files.filter((f) => /testClock\(/.test(readFileSync(f, 'utf8')));
    expect(shared.length).toBeGreaterThan(10);
    expect(shared.flatMap((f) => unresetClocks(f, readFileSync(f, 'utf8')))).toEqual([]);
  });

  it("(the check tells a shared clock from a test's own, at file and describe level)", () => {
    const file = path.join(root, 'x.test.ts');
    const source = (...lines: string[]) => lines.join('\n');
    expect(
      unresetClocks(
        file,
        source(
          'const clock = testClock();',
          "describe('a', () => {",
          '  const inner = testClock();',
          "  it('b', () => {",
          '    const own = testClock();',
          '    own.advance(1);',
          '  });',
          '});',
        ),
      ),
    ).toEqual(['x.test.ts:1 clock', 'x.test.ts:3 inner']);
    expect(
      unresetClocks(
        file,
        source(
          'const clock = testClock();',
          'beforeEach(() => clock.reset());',
          "describe('a', () => {",
          '  const inner = testClock();',
          '  beforeEach(() => {',
          '    inner.reset();',
          '  });',
          '});',
          "describe('c', () => {",
          '  const other = testClock();',
          '});',
        ),
      ),
    ).toEqual(['x.test.ts:10 other']);
  });
});
