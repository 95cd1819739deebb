/*
 * What a program drew with turtle (src/python/turtle.py, decision 0033), as the worker sends it,
 * and pure functions from it to the picture the output panel shows: the shapes of an SVG, the SVG
 * file that "Save as SVG" downloads, and the sentence a screen reader reads in its place.
 */

import type { Drawing, DrawingItem, TurtleState } from '#shared/content/drawing.ts';
import { escapeHtml } from '#shared/html.ts';

export type { Drawing, DrawingItem, TurtleState };

/** The worker's JSON, or undefined when it is not a drawing (it comes from a learner's Python). */
export function parseDrawing(json: string): Drawing | undefined {
  try {
    const value = JSON.parse(json) as Partial<Drawing> | null;
    if (!value || !Array.isArray(value.items) || !Array.isArray(value.size)) return undefined;
    return value as Drawing;
  } catch {
    return undefined;
  }
}

export type Shape =
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; stroke: string; width: number }
  | { kind: 'polygon'; points: string; fill: string; stroke?: string }
  | { kind: 'circle'; cx: number; cy: number; r: number; fill: string }
  | {
      kind: 'text';
      x: number;
      y: number;
      text: string;
      fill: string;
      anchor: 'start' | 'middle' | 'end';
      font: string;
      size: number;
      weight: string;
      style: string;
    };

export interface Scene {
  viewBox: string;
  width: number;
  height: number;
  background: string;
  /** One shape per item drawn, in order (the first n are shown while it animates). */
  shapes: Shape[];
  /** Where each visible turtle ended up, drawn last. */
  turtles: Shape[];
}

const MARGIN = 10;
const ANCHORS = { left: 'start', center: 'middle', right: 'end' } as const;
const round = (n: number) => Math.round(n * 100) / 100;

/** The classic arrowhead at a turtle's place, pointing its way (turtle's y goes up, SVG's down). */
function arrow(turtle: TurtleState): Shape {
  const a = (turtle.heading * Math.PI) / 180;
  const point = (ahead: number, side: number): string =>
    `${round(turtle.x + ahead * Math.cos(a) - side * Math.sin(a))},${round(
      -(turtle.y + ahead * Math.sin(a) + side * Math.cos(a)),
    )}`;
  const points = [point(0, 0), point(-9, 5), point(-7, 0), point(-9, -5)].join(' ');
  return { kind: 'polygon', points, fill: turtle.color, stroke: turtle.color };
}

function shapeOf(item: DrawingItem): Shape {
  switch (item.k) {
    case 'line':
      return {
        kind: 'line',
        x1: item.x1,
        y1: -item.y1,
        x2: item.x2,
        y2: -item.y2,
        stroke: item.c,
        width: item.w,
      };
    case 'fill':
      return {
        kind: 'polygon',
        points: item.pts.map(([x, y]) => `${x},${-y}`).join(' '),
        fill: item.c,
      };
    case 'dot':
      return { kind: 'circle', cx: item.x, cy: -item.y, r: item.d / 2, fill: item.c };
    case 'text':
      return {
        kind: 'text',
        x: item.x,
        y: -item.y,
        text: item.s,
        fill: item.c,
        anchor: ANCHORS[item.align],
        font: item.font[0],
        // Tk's sizes are points.
        size: round((item.font[1] * 4) / 3),
        weight: item.font[2].includes('bold') ? 'bold' : 'normal',
        style: item.font[2].includes('italic') ? 'italic' : 'normal',
      };
  }
}

type Box = { left: number; right: number; bottom: number; top: number };

function corners(item: DrawingItem): [number, number][] {
  if (item.k === 'line') {
    return [
      [item.x1, item.y1],
      [item.x2, item.y2],
    ];
  }
  return item.k === 'fill' ? item.pts : [[item.x, item.y]];
}

/** The box of everything drawn, in turtle's coordinates, or undefined for an empty drawing. */
export function bounds(drawing: Drawing): Box | undefined {
  let box: Box | undefined;
  for (const [x, y] of drawing.items.flatMap(corners)) {
    box = box
      ? {
          left: Math.min(box.left, x),
          right: Math.max(box.right, x),
          bottom: Math.min(box.bottom, y),
          top: Math.max(box.top, y),
        }
      : { left: x, right: x, bottom: y, top: y };
  }
  return box;
}

/** The screen's size (setup(), 400 by 400 unless set) around the origin, grown to hold it all. */
export function drawingScene(drawing: Drawing): Scene {
  const [w, h] = drawing.size;
  const box = bounds(drawing);
  const left = Math.min(-w / 2, (box?.left ?? 0) - MARGIN);
  const right = Math.max(w / 2, (box?.right ?? 0) + MARGIN);
  const top = Math.max(h / 2, (box?.top ?? 0) + MARGIN);
  const bottom = Math.min(-h / 2, (box?.bottom ?? 0) - MARGIN);
  const width = round(right - left);
  const height = round(top - bottom);
  return {
    viewBox: `${round(left)} ${round(-top)} ${width} ${height}`,
    width,
    height,
    background: drawing.bg,
    shapes: drawing.items.map(shapeOf),
    turtles: drawing.turtles.filter((t) => t.visible).map(arrow),
  };
}

/**
 * One view for several drawings, the options of a picture checkpoint: the box of everything any of
 * them drew, with a margin (not the screen, in which a small shape would be a speck), so that the
 * pictures share one scale and a bigger square looks bigger.
 */
export function sharedView(drawings: readonly Drawing[]): {
  viewBox: string;
  width: number;
  height: number;
} {
  const boxes = drawings.flatMap((drawing) => bounds(drawing) ?? []);
  const left = Math.min(0, ...boxes.map((b) => b.left)) - MARGIN;
  const right = Math.max(0, ...boxes.map((b) => b.right)) + MARGIN;
  const bottom = Math.min(0, ...boxes.map((b) => b.bottom)) - MARGIN;
  const top = Math.max(0, ...boxes.map((b) => b.top)) + MARGIN;
  // Square, so that pictures side by side line up whatever their shape.
  const side = Math.max(right - left, top - bottom);
  const x = (left + right - side) / 2;
  const y = -(top + bottom + side) / 2;
  return {
    viewBox: `${round(x)} ${round(y)} ${round(side)} ${round(side)}`,
    width: round(side),
    height: round(side),
  };
}

function shapeMarkup(shape: Shape): string {
  switch (shape.kind) {
    case 'line':
      return `<line x1="${shape.x1}" y1="${shape.y1}" x2="${shape.x2}" y2="${shape.y2}" stroke="${escapeHtml(shape.stroke)}" stroke-width="${shape.width}" stroke-linecap="round"/>`;
    case 'polygon':
      return `<polygon points="${shape.points}" fill="${escapeHtml(shape.fill)}"${shape.stroke ? ` stroke="${escapeHtml(shape.stroke)}"` : ''}/>`;
    case 'circle':
      return `<circle cx="${shape.cx}" cy="${shape.cy}" r="${shape.r}" fill="${escapeHtml(shape.fill)}"/>`;
    case 'text':
      return `<text x="${shape.x}" y="${shape.y}" fill="${escapeHtml(shape.fill)}" text-anchor="${shape.anchor}" font-family="${escapeHtml(shape.font)}" font-size="${shape.size}" font-weight="${shape.weight}" font-style="${shape.style}">${escapeHtml(shape.text)}</text>`;
  }
}

/** The whole drawing as an SVG file, described by its <title>. */
export function drawingSvg(drawing: Drawing): string {
  const scene = drawingScene(drawing);
  const [left, top] = scene.viewBox.split(' ');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${scene.viewBox}" width="${scene.width}" height="${scene.height}">`,
    `<title>${escapeHtml(describeDrawing(drawing))}</title>`,
    `<rect x="${left}" y="${top}" width="${scene.width}" height="${scene.height}" fill="${escapeHtml(scene.background)}"/>`,
    ...scene.shapes.map(shapeMarkup),
    ...scene.turtles.map(shapeMarkup),
    '</svg>',
  ].join('\n');
}

const counted = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function list(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** Colours given as numbers, named where they are a plain one: "#ff0000" means nothing read out. */
const NAMED: Record<string, string> = {
  '#000000': 'black',
  '#ffffff': 'white',
  '#ff0000': 'red',
  '#00ff00': 'bright green',
  '#0000ff': 'blue',
  '#ffff00': 'yellow',
  '#00ffff': 'cyan',
  '#ff00ff': 'magenta',
  '#808080': 'grey',
  '#ffa500': 'orange',
  '#800080': 'purple',
  '#008000': 'green',
};

const colourName = (colour: string) =>
  NAMED[colour] ?? (colour.startsWith('#') ? `the colour ${colour}` : colour);

/** The picture in words, for a screen reader: what was drawn, in which colours, and how big. */
export function describeDrawing(drawing: Drawing): string {
  const count = (kind: DrawingItem['k']) => drawing.items.filter((item) => item.k === kind).length;
  const parts = [
    count('line') > 0 ? counted(count('line'), 'line', 'lines') : '',
    count('fill') > 0 ? counted(count('fill'), 'filled shape', 'filled shapes') : '',
    count('dot') > 0 ? counted(count('dot'), 'dot', 'dots') : '',
  ].filter(Boolean);
  const texts = drawing.items.flatMap((item) => (item.k === 'text' ? [`“${item.s}”`] : []));
  if (texts.length > 0)
    parts.push(`the text ${list(texts.slice(0, 3))}${texts.length > 3 ? ' and more' : ''}`);
  const box = bounds(drawing);
  if (parts.length === 0 || !box) return 'An empty drawing.';
  const colours = [...new Set(drawing.items.map((item) => colourName(item.c)))];
  const shown =
    colours.length > 5 ? `${colours.slice(0, 5).join(', ')} and other colours` : list(colours);
  const ground = drawing.bg === 'white' ? '' : ` on ${colourName(drawing.bg)}`;
  const size = `about ${Math.round(box.right - box.left)} by ${Math.round(box.top - box.bottom)}`;
  return `A drawing of ${list(parts)} in ${shown}${ground}, ${size}.`;
}

/**
 * Animation frames one line takes at turtle's speed (1 slowest, 10 fast, 0 at once): at 60 frames
 * a second, speed 1 draws 10 lines a second, the default 3 draws 30, 10 draws 240.
 */
export function framesPerLine(speed: number): number {
  if (speed <= 0) return 0;
  return speed >= 10 ? 0.25 : 6 / speed;
}
