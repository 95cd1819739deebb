import { describe, expect, it } from 'vitest';
import {
  describeDrawing,
  drawingScene,
  drawingSvg,
  framesPerLine,
  parseDrawing,
  type Drawing,
  type DrawingItem,
} from './turtle-drawing.ts';

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

function drawing(items: DrawingItem[], extra: Partial<Drawing> = {}): Drawing {
  return {
    items,
    bg: 'white',
    size: [400, 400],
    title: null,
    instant: false,
    cut: false,
    turtles: [{ x: 0, y: 0, heading: 0, visible: true, color: 'black' }],
    ...extra,
  };
}

const square = drawing([
  line(0, 0, 100, 0),
  line(100, 0, 100, 100),
  line(100, 100, 0, 100),
  line(0, 100, 0, 0),
]);

describe('the turtle drawing as SVG', () => {
  it('flips y (turtle’s goes up) and centres the 400 by 400 screen on the origin', () => {
    const scene = drawingScene(square);
    expect(scene.viewBox).toBe('-200 -200 400 400');
    expect(scene.shapes[1]).toMatchObject({ kind: 'line', x1: 100, y1: -0, x2: 100, y2: -100 });
    expect(scene.turtles).toHaveLength(1);
  });

  it('grows the view to hold what was drawn outside the screen', () => {
    const scene = drawingScene(drawing([line(0, 0, 300, 0)], { size: [200, 100] }));
    expect(scene.viewBox).toBe('-100 -50 410 100');
  });

  it('writes an SVG file with one line element per line, the background and a title', () => {
    const svg = drawingSvg(drawing(square.items, { bg: 'black', turtles: [] }));
    expect(svg.match(/<line /g)).toHaveLength(4);
    expect(svg).toContain('<rect x="-200" y="-200" width="400" height="400" fill="black"/>');
    expect(svg).toContain(
      '<title>A drawing of 4 lines in black on black, about 100 by 100.</title>',
    );
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  });

  it('escapes text written with turtle.write', () => {
    const text: DrawingItem = {
      k: 'text',
      x: 0,
      y: 0,
      s: '<b>&"',
      c: 'red',
      align: 'center',
      font: ['Arial', 12, 'bold'],
    };
    const svg = drawingSvg(drawing([text]));
    expect(svg).toContain('>&lt;b&gt;&amp;&quot;</text>');
    expect(svg).toContain('text-anchor="middle"');
    expect(svg).toContain('font-weight="bold"');
  });
});

describe('the drawing in words', () => {
  it('says how many lines, in which colours, and how big', () => {
    expect(describeDrawing(square)).toBe('A drawing of 4 lines in black, about 100 by 100.');
  });

  it('counts filled shapes, dots and text, and lists the colours once each', () => {
    const items: DrawingItem[] = [
      {
        k: 'fill',
        pts: [
          [0, 0],
          [50, 0],
          [0, 20],
        ],
        c: 'orange',
      },
      line(0, 0, 50, 0, 'red'),
      line(50, 0, 0, 20, 'red'),
      { k: 'dot', x: 0, y: 0, d: 5, c: 'blue' },
      { k: 'text', x: 0, y: 0, s: 'Hi', c: 'red', align: 'left', font: ['Arial', 8, 'normal'] },
    ];
    expect(describeDrawing(drawing(items))).toBe(
      'A drawing of 2 lines, 1 filled shape, 1 dot and the text “Hi” in orange, red and blue, about 50 by 20.',
    );
  });

  it('names a plain colour given as numbers, and reads out any other as its number', () => {
    const items = [line(0, 0, 10, 0, '#ff0000'), line(0, 0, 10, 0, '#123456')];
    expect(describeDrawing(drawing(items, { bg: '#000000' }))).toBe(
      'A drawing of 2 lines in red and the colour #123456 on black, about 10 by 0.',
    );
  });

  it('says when nothing was drawn', () => {
    expect(describeDrawing(drawing([]))).toBe('An empty drawing.');
  });
});

describe('the worker’s JSON and the speed', () => {
  it('reads a drawing and refuses anything else', () => {
    expect(parseDrawing(JSON.stringify(square))).toEqual(square);
    expect(parseDrawing('[1, 2]')).toBeUndefined();
    expect(parseDrawing('not json')).toBeUndefined();
  });

  it('draws faster at higher speeds and at once at speed 0', () => {
    expect(framesPerLine(0)).toBe(0);
    expect(framesPerLine(1)).toBeGreaterThan(framesPerLine(3));
    expect(framesPerLine(3)).toBeGreaterThan(framesPerLine(10));
  });
});
