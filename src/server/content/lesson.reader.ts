/*
 * lesson.md of one module: the shared lesson parser's block rules, the minimum length, and the SVG
 * file of every diagram it shows (read from the module folder and checked).
 */

import path from 'node:path';
import { z } from 'zod';
import { drawingSchema, type Drawing } from '#shared/content/drawing.ts';
import { parseLesson } from '#shared/content/lesson-blocks.ts';
import type { DiagramRef } from '#shared/content/lesson-blocks.ts';
import { readText } from './content.files.ts';
import type { CourseLesson, LessonDiagram, ReadContext } from './content.types.ts';
import { checkSvg } from './diagram.svg.ts';

export const MIN_LESSON_WORDS = 2_000;

/**
 * `present`: whether lesson.md exists (an empty file is still checked, a missing one is reported
 * elsewhere). `svgFiles`: the .svg files of the module folder, each of which the lesson must show.
 */
export async function readLessonFile(
  dir: string,
  shownDir: string,
  present: boolean,
  svgFiles: readonly string[],
  ctx: ReadContext,
): Promise<CourseLesson> {
  const shown = `${shownDir}/lesson.md`;
  const markdown = (await readText(path.join(dir, 'lesson.md'))) ?? '';
  const parsed = parseLesson(markdown);
  if (markdown !== '' || present) {
    for (const p of parsed.problems) {
      ctx.problems.push({ file: shown, line: p.line, message: p.message, hint: p.hint });
    }
    if (parsed.proseWords < MIN_LESSON_WORDS) {
      ctx.problems.push({
        file: shown,
        message: `has ${parsed.proseWords} words of prose; a lesson needs at least ${MIN_LESSON_WORDS}`,
        hint: 'code and output blocks do not count; explain more, with more worked examples',
      });
    }
    // An SVG no lesson line shows is a diagram the learner never sees (or a line that failed to
    // be read as a diagram, which parseLesson reports as well).
    const shownFiles = new Set(parsed.diagrams.map((d) => d.file));
    for (const file of svgFiles) {
      if (shownFiles.has(file)) continue;
      ctx.problems.push({
        file: `${shownDir}/${file}`,
        message: 'diagram is not shown by lesson.md',
        hint: `show it with a line of its own, ![what it shows](${file}), or delete the file`,
      });
    }
  }
  const diagrams: LessonDiagram[] = [];
  for (const ref of parsed.diagrams) {
    const diagram = await readDiagram(dir, shownDir, ref, ctx);
    if (diagram) diagrams.push(diagram);
  }
  return {
    markdown,
    blocks: parsed.blocks,
    python: parsed.python,
    proseWords: parsed.proseWords,
    diagrams,
    pictures: await readPictures(dir, shownDir, ctx),
  };
}

const picturesSchema = z.record(z.string(), drawingSchema);

/** pictures.json, if the module has one; whether it is up to date is the verifier's to prove. */
async function readPictures(
  dir: string,
  shownDir: string,
  ctx: ReadContext,
): Promise<Record<string, Drawing>> {
  const source = await readText(path.join(dir, 'pictures.json'));
  if (source === undefined) return {};
  const problem = (message: string) =>
    ctx.problems.push({
      file: `${shownDir}/pictures.json`,
      message,
      hint: 'do not edit it by hand: npm run verify:content -- --write-pictures writes it anew',
    });
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch (error) {
    problem(`is not JSON: ${(error as Error).message}`);
    return {};
  }
  const result = picturesSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    problem(`is not a record of drawings: ${issue?.path.map(String).join('.') ?? ''} ${issue?.message ?? ''}`);
    return {};
  }
  return result.data;
}

async function readDiagram(
  dir: string,
  shownDir: string,
  ref: DiagramRef,
  ctx: ReadContext,
): Promise<LessonDiagram | undefined> {
  const source = await readText(path.join(dir, ref.file));
  if (source === undefined) {
    ctx.problems.push({
      file: `${shownDir}/lesson.md`,
      line: ref.line,
      message: `diagram ${ref.file} is not in the module folder`,
      hint: `save the SVG as ${shownDir}/${ref.file}`,
    });
    return undefined;
  }
  const checked = checkSvg(source, ref.file.replace(/\.svg$/, ''));
  for (const p of checked.problems) {
    ctx.problems.push({
      file: `${shownDir}/${ref.file}`,
      ...(p.line !== undefined ? { line: p.line } : {}),
      message: p.message,
      ...(p.hint !== undefined ? { hint: p.hint } : {}),
    });
  }
  return checked.svg ? { ...ref, svg: checked.svg } : undefined;
}
