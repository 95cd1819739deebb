/*
 * Step through: the shape of the trace the worker records (worker-python.ts, _Tracer) and the pure
 * functions that turn a step into what the panel shows and what a screen reader hears.
 */

/** A value as recorded: plain values as their repr, objects with a label (same label, same object). */
export interface TraceValue {
  /** The repr of a plain value (or a function's or class's name, an object's repr). */
  r?: string;
  /** The object's label, the same at every step for the same object. */
  id?: number;
  type?: string;
  items?: TraceValue[];
  entries?: [TraceValue, TraceValue][];
  attrs?: [TraceValue, TraceValue][];
  /** More items than were recorded. */
  more?: boolean;
  /** Not expanded: nested too deep, or the object contains itself. */
  cut?: boolean;
}

export interface TraceFrame {
  /** `<module>` for the program itself, else the function's name. */
  name: string;
  line: number;
  vars: [string, TraceValue][];
}

export interface TraceStep {
  line: number;
  /** `line`: about to run the line; `return`: a function returns; `end`: the program is done. */
  event: 'line' | 'return' | 'end';
  /** Outermost first: the program, then each function called. */
  frames: TraceFrame[];
  /** How much of the program's output had been printed at this step. */
  out: number;
  /** How many of the turtle drawing's shapes were drawn by this step (absent: turtle unused yet). */
  drawn?: number;
}

export interface Trace {
  steps: TraceStep[];
  /** The program was stopped at the step limit. */
  limitReached: boolean;
}

/** Parses the `trace` field the worker adds to the harness's result; undefined if there is none. */
export function parseTrace(json: string): Trace | undefined {
  const raw = JSON.parse(json) as { trace?: Trace };
  return raw.trace;
}

export function frameTitle(frame: TraceFrame): string {
  return frame.name === '<module>' ? 'Program' : `${frame.name}()`;
}

/** The value as Python would show it, nested lists and dicts included. */
export function showValue(value: TraceValue): string {
  if (value.cut) return `${value.type ?? 'object'} #${value.id ?? '?'}`;
  const more = value.more ? ', ...' : '';
  if (value.items) {
    const inner = value.items.map(showValue).join(', ');
    if (value.type === 'tuple') return `(${inner}${value.items.length === 1 ? ',' : ''}${more})`;
    if (value.type === 'set' || value.type === 'frozenset') {
      return value.items.length === 0 ? `${value.type}()` : `{${inner}${more}}`;
    }
    return `[${inner}${more}]`;
  }
  if (value.entries) {
    const inner = value.entries.map(([k, v]) => `${showValue(k)}: ${showValue(v)}`).join(', ');
    return `{${inner}${more}}`;
  }
  if (value.attrs) {
    const inner = value.attrs.map(([k, v]) => `${k.r ?? ''}=${showValue(v)}`).join(', ');
    return `${value.type ?? 'object'}(${inner})`;
  }
  if (value.type === 'function') return `function ${value.r ?? ''}`;
  if (value.type === 'class') return `class ${value.r ?? ''}`;
  return value.r ?? '';
}

/** Objects (by label) that two or more names refer to at this step, with those names. */
export function sharedObjects(step: TraceStep): Map<number, string[]> {
  const names = new Map<number, string[]>();
  for (const frame of step.frames) {
    for (const [name, value] of frame.vars) {
      if (value.id === undefined || value.type === 'function' || value.type === 'class') continue;
      const where = step.frames.length > 1 ? `${name} (in ${frameTitle(frame)})` : name;
      names.set(value.id, [...(names.get(value.id) ?? []), where]);
    }
  }
  for (const [id, list] of names) if (list.length < 2) names.delete(id);
  return names;
}

/** What a screen reader hears at a step: where it is, then what changed since the step before. */
export function describeStep(steps: readonly TraceStep[], index: number): string {
  const step = steps[index];
  if (!step) return '';
  const where =
    step.event === 'end'
      ? `Step ${index + 1} of ${steps.length}: the program has finished.`
      : `Step ${index + 1} of ${steps.length}, line ${step.line}${
          step.event === 'return' ? `, ${frameTitle(step.frames.at(-1) ?? emptyFrame)} returns` : ''
        }.`;
  const before = steps[index - 1];
  if (!before) return where;
  const changes: string[] = [];
  const old = new Map(before.frames.at(-1)?.vars.map(([n, v]) => [n, showValue(v)]) ?? []);
  if (before.frames.length < step.frames.length) {
    changes.push(`Called ${frameTitle(step.frames.at(-1) ?? emptyFrame)}.`);
  } else if (before.frames.length === step.frames.length) {
    for (const [name, value] of step.frames.at(-1)?.vars ?? []) {
      const shown = showValue(value);
      if (!old.has(name)) changes.push(`New: ${name} = ${shown}.`);
      else if (old.get(name) !== shown) changes.push(`${name} is now ${shown}.`);
    }
  }
  if (step.out > before.out) changes.push('Something was printed.');
  return [where, ...changes].join(' ');
}

const emptyFrame: TraceFrame = { name: '<module>', line: 0, vars: [] };
