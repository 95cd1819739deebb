/* lesson.md of one module: the shared lesson parser's block rules plus the minimum length. */

import path from 'node:path';
import { parseLesson } from '#shared/content/lesson-blocks.ts';
import { readText } from './content.files.ts';
import type { CourseLesson, ReadContext } from './content.types.ts';

export const MIN_LESSON_WORDS = 2_000;

/** `present`: whether lesson.md exists (an empty file is still checked, a missing one is reported elsewhere). */
export async function readLessonFile(
  dir: string,
  shownDir: string,
  present: boolean,
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
  }
  return {
    markdown,
    blocks: parsed.blocks,
    python: parsed.python,
    proseWords: parsed.proseWords,
  };
}
