import { describe, expect, it } from 'vitest';
import { countWords, decodeEscapes, fencedBlocks } from './fenced-blocks.ts';
import { parseLesson } from './lesson-blocks.ts';

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

describe('checkpoints', () => {
  const checkpointLesson = [
    '## Part', // 1
    '', // 2
    '```python checkpoint raises=ValueError', // 3
    'print("a")', // 4
    'int("x")', // 5
    '```', // 6
    '', // 7
    '```output', // 8
    'a', // 9
    "ValueError: invalid literal for int() with base 10: 'x'", // 10
    '```', // 11
    '', // 12
    '```predict', // 13
    'options:', // 14
    '  - |', // 15
    '    a', // 16
    "    ValueError: invalid literal for int() with base 10: 'x'", // 17
    '  - { output: a, why-not: int("x") stops the program. }', // 18
    '  - "3"', // 19
    'why: "`int` cannot read `x` as a number, and `a` was printed first."', // 20
    '```', // 21
    '', // 22
    '```python checkpoint stdin="Bo"', // 23
    'print(input())', // 24
    '```', // 25
    '```output', // 26
    'Bo', // 27
    '```', // 28
    '```predict', // 29
    'why: input() returns the typed line.', // 30
    '```', // 31
  ].join('\n');

  it('reads the python block, its output and its predict block (options as text, or none)', () => {
    const parsed = parseLesson(checkpointLesson);
    expect(parsed.problems).toEqual([]);
    expect(parsed.python).toEqual([
      {
        index: 1,
        line: 3,
        code: 'print("a")\nint("x")\n',
        kind: 'raises',
        raises: 'ValueError',
        output: { text: "a\nValueError: invalid literal for int() with base 10: 'x'\n", line: 8 },
        checkpoint: {
          options: [
            { output: "a\nValueError: invalid literal for int() with base 10: 'x'\n" },
            { output: 'a', whyNot: 'int("x") stops the program.' },
            { output: '3' },
          ],
          pictures: null,
          why: '`int` cannot read `x` as a number, and `a` was printed first.',
          line: 13,
        },
      },
      {
        index: 2,
        line: 23,
        code: 'print(input())\n',
        kind: 'run',
        stdin: 'Bo',
        output: { text: 'Bo\n', line: 26 },
        checkpoint: {
          options: null,
          pictures: null,
          why: 'input() returns the typed line.',
          line: 29,
        },
      },
    ]);
  });

  const problemsOf = (text: string): string[] =>
    parseLesson(`## Part\n\n${text}`).problems.map((p) => `${p.line}: ${p.message}`);

  it('reports a checkpoint with no output block, or no predict block right after it', () => {
    expect(problemsOf('```python checkpoint\nprint(1)\n```\n\nText.\n')).toEqual([
      '3: checkpoint has no output block',
    ]);
    expect(
      problemsOf('```python checkpoint\nprint(1)\n```\n```output\n1\n```\nText.\n```predict\nwhy: x\n```\n'),
    ).toEqual([
      '6: checkpoint has no predict block right after its output block',
      '10: predict block does not follow the output block of a checkpoint',
    ]);
  });

  it('reports predict YAML that does not fit the schema, at the predict block', () => {
    const cp = (predict: string) =>
      problemsOf(`\`\`\`python checkpoint\nprint(1)\n\`\`\`\n\`\`\`output\n1\n\`\`\`\n\`\`\`predict\n${predict}\n\`\`\`\n`);
    expect(cp('options:\n  - "1"\n  - "2"\nwhy: One.')).toEqual([
      '10: predict block: options needs 3 or 4 options (or none, to have the learner type the output)',
    ]);
    expect(cp('options:\n  - "1"\n  - "2 "\n  - "2"\nwhy: One.')).toEqual([
      '10: predict block: options.2 is the same output as option 2',
    ]);
    expect(cp(`why: ${'x'.repeat(201)}`)).toEqual([
      '10: predict block: why must be at most 200 characters (one sentence)',
    ]);
    expect(cp('options:\n  - "1"\n  - "2"\n  - "3"')).toEqual([
      '10: predict block: why Invalid input: expected string, received undefined',
    ]);
    expect(cp('why: One.\nanswer: 1')).toEqual(['10: predict block: Unrecognized key: "answer"']);
    // YAML reads a line that starts with a backtick as an error: the writer must quote it.
    expect(cp('why: `x` is 1.')[0]).toMatch(/^10: predict block YAML: /);
  });

  const withReveal = (after: string) =>
    `\`\`\`python checkpoint\nprint(1)\n\`\`\`\n\`\`\`output\n1\n\`\`\`\n\`\`\`predict\nwhy: One.\n\`\`\`\n${after}`;

  it('reads the reveal right after the predict block, up to its end', () => {
    const parsed = parseLesson(
      `## Part\n\n${withReveal('\n<!-- reveal -->\nIt adds.\n\n```python\nprint(2)\n```\n```output\n2\n```\n<!-- /reveal -->\n\nMore.\n')}`,
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.python[0]?.checkpoint?.reveal).toEqual({ start: 13, end: 22 });
    expect(parsed.python[1]?.checkpoint).toBeUndefined();
  });

  it('reports a reveal never closed, one that follows no predict block, and a stray end', () => {
    expect(problemsOf(withReveal('<!-- reveal -->\nIt adds.\n## Next\n<!-- /reveal -->\n'))).toEqual([
      '12: this reveal is never closed',
      '15: a reveal end without its start',
    ]);
    expect(problemsOf('Text.\n\n<!-- reveal -->\nx\n<!-- /reveal -->\n')).toEqual([
      '5: a reveal that does not come right after a checkpoint’s predict block',
      '7: a reveal end without its start',
    ]);
    expect(problemsOf(withReveal('Text first.\n<!-- reveal -->\nx\n<!-- /reveal -->\n'))).toHaveLength(2);
  });

  it('reports a norun checkpoint', () => {
    expect(problemsOf('```python checkpoint norun\nx\n```\n```output\n1\n```\n```predict\nwhy: x\n```\n')).toEqual([
      '3: a checkpoint cannot be norun',
    ]);
  });
});

describe('diagram lines', () => {
  it('reads ![alt](name.svg) lines with their alt text', () => {
    const parsed = parseLesson('## Part\n\n![Two boxes, one per call.](call-stack.svg)\n\nText.\n');
    expect(parsed.problems).toEqual([]);
    expect(parsed.diagrams).toEqual([{ line: 3, alt: 'Two boxes, one per call.', file: 'call-stack.svg' }]);
  });

  it('reports a missing alt text, a path outside the folder, and a diagram inside a sentence', () => {
    const parsed = parseLesson(
      '## Part\n\n![](call-stack.svg)\n\n![A box.](../other/box.svg)\n\nSee ![a box](box.svg) here.\n',
    );
    expect(parsed.problems.map((p) => `${p.line}: ${p.message}`)).toEqual([
      '3: diagram call-stack.svg has no alt text',
      '5: diagram file "../other/box.svg" is not a plain file name of the module folder',
      '7: a diagram must stand on a line of its own',
    ]);
  });

  it('reports every image that is not a diagram line, since the page would show it broken', () => {
    const parsed = parseLesson(
      [
        '## Part',
        '',
        '![A tree for [38, 27] and [3, 9].](merge-tree.svg)',
        '',
        '![A photo of a desk.](desk.png)',
        '',
        'A tip: ![icon][tip] and <img src="x.png" alt="x">.',
        '',
        '![Halves,',
        'then pairs.](halves.svg)',
        '',
      ].join('\n'),
    );
    expect(parsed.diagrams).toEqual([]);
    expect(parsed.problems.map((p) => `${p.line}: ${p.message}`)).toEqual([
      '3: the alt text of this diagram holds [ or ], so the line is not read as a diagram',
      '5: an image that is not a diagram line',
      '7: an image that is not a diagram line',
      '9: an image that is not a diagram line',
    ]);
  });

  it('leaves alone text that only looks like an image: inline code, an escaped !, a link', () => {
    const parsed = parseLesson(
      '## Part\n\nWrite `![alt](name.svg)` on its own line.\n\nWow\\![not an image](x.svg), and [a link](page.md).\n',
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.diagrams).toEqual([]);
  });
});
