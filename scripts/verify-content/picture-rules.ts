/*
 * "Which picture will this draw?" checkpoints (decision 0039): the verifier runs the checkpoint and
 * every picture option in Pyodide, proves that exactly one option, the one without a why-not, draws
 * the checkpoint's picture and that no two options look alike, and keeps what each option drew in
 * the module's pictures.json, which the server reads to show the pictures without Python.
 */

import { drawingSchema, samePicture, type Drawing } from '#shared/content/drawing.ts';
import type { PictureOption } from '#shared/content/picture-options.ts';
import type { RunResult } from '#shared/content/python-checks.ts';
import type { RuleFinding } from './rules.ts';

const MARK = '\u0000drawing\u0000';

/** The program, then a line that prints what it drew after a mark no program prints. */
export function drawingProgram(code: string): string {
  return `${code.trimEnd()}\n\nimport turtle as _indent_turtle\nprint(${JSON.stringify(MARK)} + _indent_turtle._drawing_json())\n`;
}

/** What a run of drawingProgram drew, or a finding saying why there is nothing to compare. */
export function drawingOf(result: RunResult, what: string): Drawing | RuleFinding {
  if (result.error) {
    return {
      message: `${what} raised ${result.error.type}: ${result.error.message}`,
      hint: 'a picture comes from a program that runs to its end',
    };
  }
  if (result.timedOut) return { message: `${what} did not end in time` };
  const at = result.stdout.lastIndexOf(MARK);
  let json: unknown;
  try {
    json = at === -1 ? undefined : JSON.parse(result.stdout.slice(at + MARK.length));
  } catch {
    json = undefined;
  }
  const parsed = drawingSchema.safeParse(json);
  if (!parsed.success) return { message: `${what}: its drawing could not be read` };
  if (parsed.data.items.length === 0) {
    return { message: `${what} draws nothing`, hint: 'draw with the turtle, pen down' };
  }
  return parsed.data;
}

/** Exactly one picture is the checkpoint's, the one without a why-not, and all of them differ. */
export function pictureOptionsRule(
  options: readonly PictureOption[],
  drawn: Drawing,
  optionDrawings: readonly Drawing[],
): RuleFinding[] {
  const findings: RuleFinding[] = [];
  const matching = optionDrawings.flatMap((d, i) => (samePicture(d, drawn) ? [i + 1] : []));
  const right = options.findIndex((option) => option.whyNot === undefined) + 1;
  if (matching.length === 0) {
    findings.push({
      message: 'no picture is what the checkpoint draws',
      hint: 'make the picture without a why-not draw what the checkpoint draws',
    });
  } else if (matching.length > 1) {
    findings.push({
      message: `pictures ${matching.join(' and ')} all look like what the checkpoint draws`,
      hint: 'exactly one picture is the drawing; make the others real misreadings',
    });
  } else if (matching[0] !== right) {
    findings.push({
      message: `picture ${matching[0] ?? 0} is what the checkpoint draws, but it has a why-not and picture ${right} has none`,
      hint: 'the right picture is the one without a why-not',
    });
  }
  optionDrawings.forEach((d, i) => {
    const twin = optionDrawings.findIndex((other, j) => j < i && samePicture(other, d));
    if (twin !== -1 && !(matching.includes(i + 1) && matching.includes(twin + 1))) {
      findings.push({
        message: `pictures ${twin + 1} and ${i + 1} look the same`,
        hint: 'each picture stands for a different misreading, so each must look different',
      });
    }
  });
  return findings;
}

/** Drawings as pictures.json keeps them: by code, in a stable order, one drawing a line. */
export function picturesJson(pictures: ReadonlyMap<string, Drawing>): string {
  const keys = [...pictures.keys()].sort();
  if (keys.length === 0) return '';
  const lines = keys.map((key) => `  ${JSON.stringify(key)}: ${JSON.stringify(pictures.get(key))}`);
  return `{\n${lines.join(',\n')}\n}\n`;
}
