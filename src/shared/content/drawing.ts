import { z } from 'zod';

/*
 * What a program drew with turtle (src/python/turtle.py, decision 0033), as `turtle._drawing_json()`
 * gives it: the shape the runner's worker sends the page and the one a lesson's pictures.json keeps
 * for its "Which picture will this draw?" checkpoints (decision 0039). And when two drawings are the
 * same picture.
 */

const point = z.tuple([z.number(), z.number()]);
const order = { n: z.number().optional() };

/** `n`: the order in which items were finished (a fill when it was ended), for Step through. */
export const drawingItemSchema = z.discriminatedUnion('k', [
  z.object({
    k: z.literal('line'),
    x1: z.number(),
    y1: z.number(),
    x2: z.number(),
    y2: z.number(),
    c: z.string(),
    w: z.number(),
    s: z.number(),
    ...order,
  }),
  z.object({ k: z.literal('fill'), pts: z.array(point), c: z.string(), ...order }),
  z.object({ k: z.literal('dot'), x: z.number(), y: z.number(), d: z.number(), c: z.string(), ...order }),
  z.object({
    k: z.literal('text'),
    x: z.number(),
    y: z.number(),
    s: z.string(),
    c: z.string(),
    align: z.enum(['left', 'center', 'right']),
    font: z.tuple([z.string(), z.number(), z.string()]),
    ...order,
  }),
]);
export type DrawingItem = z.infer<typeof drawingItemSchema>;

export const turtleStateSchema = z.object({
  x: z.number(),
  y: z.number(),
  heading: z.number(),
  visible: z.boolean(),
  color: z.string(),
});
export type TurtleState = z.infer<typeof turtleStateSchema>;

export const drawingSchema = z.object({
  items: z.array(drawingItemSchema),
  bg: z.string(),
  size: z.tuple([z.number(), z.number()]),
  title: z.string().nullable(),
  /** tracer(0): the program asked for no animation. */
  instant: z.boolean(),
  /** The program drew more than the record keeps (turtle_record.py's ITEM_LIMIT). */
  cut: z.boolean(),
  turtles: z.array(turtleStateSchema),
});
export type Drawing = z.infer<typeof drawingSchema>;

/** How far apart two points may be and still be the same point of a picture, in turtle steps. */
export const PICTURE_TOLERANCE = 0.5;

const near = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((v, i) => Math.abs(v - (b[i] ?? Number.NaN)) <= PICTURE_TOLERANCE);

/** Two items that look the same: a line drawn either way, a fill from any corner or either way round. */
function sameItem(a: DrawingItem, b: DrawingItem): boolean {
  if (a.k === 'line' && b.k === 'line') {
    return (
      a.c === b.c &&
      a.w === b.w &&
      (near([a.x1, a.y1, a.x2, a.y2], [b.x1, b.y1, b.x2, b.y2]) ||
        near([a.x1, a.y1, a.x2, a.y2], [b.x2, b.y2, b.x1, b.y1]))
    );
  }
  if (a.k === 'fill' && b.k === 'fill') {
    const sorted = (pts: [number, number][]) =>
      [...pts].sort((p, q) => p[0] - q[0] || p[1] - q[1]).flat();
    return a.c === b.c && near(sorted(a.pts), sorted(b.pts));
  }
  if (a.k === 'dot' && b.k === 'dot') return a.c === b.c && near([a.x, a.y, a.d], [b.x, b.y, b.d]);
  if (a.k === 'text' && b.k === 'text') {
    return a.c === b.c && a.s === b.s && a.align === b.align && near([a.x, a.y], [b.x, b.y]);
  }
  return false;
}

/** A line that is a point draws nothing a learner could see. */
const visible = (item: DrawingItem) =>
  item.k !== 'line' || Math.hypot(item.x2 - item.x1, item.y2 - item.y1) > PICTURE_TOLERANCE;

/**
 * Whether two drawings show the same picture: the same background and the same items, in any order
 * and drawn in either direction, each point within PICTURE_TOLERANCE. Where the turtles stand is
 * not part of it (the small pictures leave them out), nor is the speed.
 */
export function samePicture(a: Drawing, b: Drawing): boolean {
  if (a.bg !== b.bg) return false;
  const left = a.items.filter(visible);
  const right = b.items.filter(visible);
  if (left.length !== right.length) return false;
  const used = new Set<number>();
  return left.every((item) => {
    const match = right.findIndex((other, i) => !used.has(i) && sameItem(item, other));
    if (match === -1) return false;
    used.add(match);
    return true;
  });
}
