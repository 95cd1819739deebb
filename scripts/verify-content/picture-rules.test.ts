import { describe, expect, it } from 'vitest';
import { samePicture, type Drawing, type DrawingItem } from '#shared/content/drawing.ts';
import { parsePredict } from '#shared/content/checkpoint-blocks.ts';
import type { PythonError, RunResult } from '#shared/content/python-checks.ts';
import { drawingOf, drawingProgram, pictureOptionsRule, picturesJson } from './picture-rules.ts';

const line = (x1: number, y1: number, x2: number, y2: number, c = 'black'): DrawingItem => ({
  k: 'line',
  x1,
  y1,
  x2,
  y2,
  c,
  w: 1,
  s: 3,
});

function drawing(items: DrawingItem[]): Drawing {
  return {
    items,
    bg: 'white',
    size: [400, 400],
    title: null,
    instant: false,
    cut: false,
    turtles: [],
  };
}

const triangleUp = drawing([line(0, 0, 100, 0), line(100, 0, 50, 86.6), line(50, 86.6, 0, 0)]);
const triangleDown = drawing([line(0, 0, 100, 0), line(100, 0, 50, -86.6), line(50, -86.6, 0, 0)]);
const square = drawing([
  line(0, 0, 100, 0),
  line(100, 0, 100, 100),
  line(100, 100, 0, 100),
  line(0, 100, 0, 0),
]);

const option = (alt: string, whyNot?: string) => ({
  code: `# ${alt}`,
  alt,
  ...(whyNot ? { whyNot } : {}),
});

describe('samePicture', () => {
  it('sees the same picture drawn in another order, the other way round, a rounding apart', () => {
    const other = drawing([line(50.3, 86.4, 100, 0), line(0, 0, 50, 86.6), line(100.2, 0, 0, 0)]);
    expect(samePicture(triangleUp, other)).toBe(true);
  });

  it('tells apart a mirror image, another colour, a missing line, an extra dot and a background', () => {
    expect(samePicture(triangleUp, triangleDown)).toBe(false);
    const red = drawing(triangleUp.items.map((item) => ({ ...item, c: 'red' })));
    expect(samePicture(triangleUp, red)).toBe(false);
    expect(samePicture(triangleUp, drawing(triangleUp.items.slice(1)))).toBe(false);
    const dotted = drawing([...triangleUp.items, { k: 'dot', x: 0, y: 0, d: 5, c: 'black' }]);
    expect(samePicture(triangleUp, dotted)).toBe(false);
    expect(samePicture(triangleUp, { ...triangleUp, bg: 'black' })).toBe(false);
  });

  it('ignores lines of no length and where the turtles stand', () => {
    const moved = drawing([...triangleUp.items, line(3, 3, 3, 3)]);
    moved.turtles.push({ x: 3, y: 3, heading: 90, visible: true, color: 'black' });
    expect(samePicture(triangleUp, moved)).toBe(true);
  });
});

describe('pictureOptionsRule', () => {
  const options = [option('up', 'left turns'), option('down'), option('square', 'a square')];

  it('passes when only the option without a why-not draws the checkpoint’s picture', () => {
    expect(pictureOptionsRule(options, triangleDown, [triangleUp, triangleDown, square])).toEqual(
      [],
    );
  });

  it('fails when no option, or two, draw it, or the one that does has a why-not', () => {
    expect(
      pictureOptionsRule(options, square, [triangleUp, triangleDown, triangleUp])[0]?.message,
    ).toMatch(/no picture is what the checkpoint draws/);
    const twice = pictureOptionsRule(options, triangleDown, [triangleDown, triangleDown, square]);
    expect(twice.map((f) => f.message)).toEqual([
      'pictures 1 and 2 all look like what the checkpoint draws',
    ]);
    expect(
      pictureOptionsRule(options, triangleUp, [triangleUp, triangleDown, square])[0]?.message,
    ).toBe('picture 1 is what the checkpoint draws, but it has a why-not and picture 2 has none');
  });

  it('fails when two wrong pictures look the same', () => {
    const findings = pictureOptionsRule(options, triangleDown, [square, triangleDown, square]);
    expect(findings.map((f) => f.message)).toEqual(['pictures 1 and 3 look the same']);
  });
});

describe('drawingOf', () => {
  const result = (stdout: string, error: RunResult['error'] = null): RunResult => ({
    stdout,
    stderr: '',
    error,
    timedOut: false,
  });

  it('reads the drawing printed after the mark, after what the program printed', () => {
    const program = drawingProgram('import turtle\nprint("hi")\n');
    const mark = /print\((".*?")/.exec(program.split('\n').at(-2) ?? '')?.[1] ?? '""';
    const printed = `hi\n${JSON.parse(mark) as string}${JSON.stringify(square)}\n`;
    expect(drawingOf(result(printed), 'picture 1')).toEqual(square);
  });

  it('says why there is no picture: an error, nothing drawn, no mark', () => {
    const error: PythonError = {
      type: 'NameError',
      mro: ['NameError'],
      message: "name 'x' is not defined",
      line: "NameError: name 'x' is not defined",
      traceback: "NameError: name 'x' is not defined",
      phase: 'code',
    };
    expect(drawingOf(result('', error), 'picture 2')).toEqual({
      message: "picture 2 raised NameError: name 'x' is not defined",
      hint: 'a picture comes from a program that runs to its end',
    });
    const program = drawingProgram('');
    const mark = JSON.parse(/print\((".*?")/.exec(program)?.[1] ?? '""') as string;
    expect(
      drawingOf(result(`${mark}${JSON.stringify(drawing([]))}`), 'the checkpoint'),
    ).toMatchObject({
      message: 'the checkpoint draws nothing',
    });
    expect(drawingOf(result('no mark'), 'picture 3')).toEqual({
      message: 'picture 3: its drawing could not be read',
    });
  });
});

describe('picturesJson', () => {
  it('keeps the drawings by code, sorted, one a line, and nothing for a lesson without pictures', () => {
    const json = picturesJson(
      new Map([
        ['b', square],
        ['a', triangleUp],
      ]),
    );
    expect(json.split('\n')[1]).toMatch(/^ {2}"a": \{/);
    expect(JSON.parse(json)).toEqual({ a: triangleUp, b: square });
    expect(picturesJson(new Map())).toBe('');
  });
});

describe('a predict block with pictures', () => {
  const yaml = (pictures: string, extra = '') =>
    `${extra}pictures:\n${pictures}why: The turns are clockwise.\n`;
  const picture = (alt: string, whyNot?: string) =>
    `  - code: |\n      import turtle\n      turtle.forward(${alt.length})\n    alt: ${alt}\n${whyNot ? `    why-not: ${whyNot}\n` : ''}`;

  it('reads 3 or 4 pictures, each with its code, alt and (but one) why-not', () => {
    const parsed = parsePredict(
      yaml(
        picture('A line.', 'No.') + picture('A longer line.') + picture('A long line here.', 'No.'),
      ),
      10,
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.value?.pictures?.map((p) => [p.alt, p.whyNot])).toEqual([
      ['A line.', 'No.'],
      ['A longer line.', undefined],
      ['A long line here.', 'No.'],
    ]);
  });

  it('refuses two right pictures, a repeated alt, too few pictures and pictures beside options', () => {
    const messages = (text: string) => parsePredict(text, 1).problems.map((p) => p.message);
    expect(
      messages(
        yaml(picture('A line.') + picture('A longer line.') + picture('A long line here.', 'No.')),
      ),
    ).toEqual([
      'predict block: pictures has 2 pictures without a why-not; exactly one, the right one, has none',
    ]);
    expect(
      messages(
        yaml(picture('A line.') + picture('A line.', 'No.') + picture('A long line here.', 'No.')),
      ),
    ).toEqual([
      "predict block: pictures.1.alt is the same as picture 1's",
      "predict block: pictures.1.code is the same as picture 1's",
    ]);
    expect(messages(yaml(picture('A line.') + picture('A longer line.', 'No.')))).toEqual([
      'predict block: pictures needs 3 or 4 pictures',
    ]);
    const both = yaml(
      picture('A line.') + picture('A longer line.', 'No.') + picture('A long line here.', 'No.'),
      'options:\n  - "1"\n  - output: "2"\n    why-not: No.\n  - output: "3"\n    why-not: No.\n',
    );
    expect(messages(both)).toEqual(['predict block: pictures cannot be given with options']);
  });
});
