import { describe, expect, it } from 'vitest';
import { countWords, decodeEscapes, fencedBlocks, parseLesson } from './lesson-blocks.ts';

const lesson = [
  'Intro words here.', // 1
  '', // 2
  '## First', // 3
  '', // 4
  '```python', // 5
  'print("hi")', // 6
  '```', // 7
  '', // 8
  '```output', // 9
  'hi', // 10
  '```', // 11
  '', // 12
  '```python raises=ZeroDivisionError', // 13
  '1 / 0', // 14
  '```', // 15
  '', // 16
  '```python stdin="Ada\\n36" ', // 17
  'print(input())', // 18
  '```', // 19
  '```output', // 20
  'Ada', // 21
  '```', // 22
  '', // 23
  '```python norun', // 24
  'open("/etc/passwd")', // 25
  '```', // 26
  '', // 27
  '```text', // 28
  'not python at all', // 29
  '```', // 30
  '', // 31
  'Closing words.', // 32
].join('\n');

describe('parseLesson', () => {
  it('finds every python block with its kind, options, output and line', () => {
    const parsed = parseLesson(lesson);
    expect(parsed.problems).toEqual([]);
    expect(parsed.python).toEqual([
      { index: 1, line: 5, code: 'print("hi")\n', kind: 'run', output: { text: 'hi\n', line: 9 } },
      { index: 2, line: 13, code: '1 / 0\n', kind: 'raises', raises: 'ZeroDivisionError' },
      {
        index: 3,
        line: 17,
        code: 'print(input())\n',
        kind: 'run',
        stdin: 'Ada\n36',
        output: { text: 'Ada\n', line: 20 },
      },
      { index: 4, line: 24, code: 'open("/etc/passwd")\n', kind: 'norun' },
    ]);
    expect(parsed.blocks.map((b) => b.lang)).toEqual([
      'python',
      'output',
      'python',
      'python',
      'output',
      'python',
      'text',
    ]);
  });

  it('counts prose words only, not code or output', () => {
    // "Intro words here." (3) + "## First" (1) + "Closing words." (2)
    expect(parseLesson(lesson).proseWords).toBe(6);
  });

  it('reports unknown options, python-like languages, stray output and unclosed fences', () => {
    const bad = [
      '## Part', // 1
      '```python raise=ValueError', // 2
      'x', // 3
      '```', // 4
      'Some prose between.', // 5
      '```output', // 6
      'x', // 7
      '```', // 8
      '```py', // 9
      'print(1)', // 10
      '```', // 11
      '```python norun raises=ValueError', // 12
      '```', // 13
      '```python', // 14
      'never closed', // 15
    ].join('\n');
    const problems = parseLesson(bad).problems.map((p) => `${p.line}: ${p.message}`);
    expect(problems).toEqual([
      '14: code fence is never closed',
      '2: unknown fence option `raise=`',
      '9: code block language `py` is not run',
      '12: a block cannot be both norun and raises=',
      '6: output block does not follow a python block',
    ]);
  });

  it('reports a top-level heading and a lesson without sections', () => {
    const problems = parseLesson('# Title\n\nText.\n').problems.map((p) => `${p.line}: ${p.message}`);
    expect(problems).toEqual([
      '1: top-level # heading in the lesson',
      '1: the lesson has no ## section headings',
    ]);
  });

  it('does not treat a # comment inside code as a heading', () => {
    const parsed = parseLesson('## Part\n\n```python\n# a comment\nprint(1)\n```\n\n```output\n1\n```\n');
    expect(parsed.problems).toEqual([]);
  });
});

describe('fencedBlocks', () => {
  it('honours longer fences and tildes, and keeps inline triple backticks as prose', () => {
    const text = 'Use ```x``` inline.\n````python\n```\ninner\n```\n````\n~~~text\nt\n~~~\n';
    const { blocks, prose } = fencedBlocks(text);
    expect(blocks.map((b) => [b.lang, b.code, b.line, b.endLine])).toEqual([
      ['python', '```\ninner\n```\n', 2, 6],
      ['text', 't\n', 7, 9],
    ]);
    expect(prose.map((p) => p.line)).toEqual([1, 10]);
  });
});

describe('helpers', () => {
  it('decodeEscapes turns \\n, \\t, \\\\ and \\" into characters', () => {
    expect(decodeEscapes('a\\nb\\tc\\\\d\\"e')).toBe('a\nb\tc\\d"e');
  });

  it('countWords ignores bullets and heading marks', () => {
    expect(countWords(['## A heading', '- one item', '* * *', '1. `code` word'])).toBe(6);
  });
});

describe('fences nested in list items', () => {
  it('are found and their indentation removed', () => {
    const text = '1. Run this:\n\n    ```python\n    if True:\n        print(1)\n    ```\n';
    expect(fencedBlocks(text).blocks.map((b) => b.code)).toEqual(['if True:\n    print(1)\n']);
  });
});
