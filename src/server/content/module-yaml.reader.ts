/* module.yaml of one module: validated, and its number and title matched against the curriculum. */

import path from 'node:path';
import type { CurriculumModule } from '#shared/content/curriculum.ts';
import { moduleFileSchema } from '#shared/content/schema.ts';
import type { ModuleFile } from '#shared/content/schema.ts';
import type { ReadContext } from './content.types.ts';
import { readYaml } from './yaml.reader.ts';

export async function readModuleYaml(
  dir: string,
  shownDir: string,
  expected: CurriculumModule,
  ctx: ReadContext,
): Promise<ModuleFile | undefined> {
  const shown = `${shownDir}/module.yaml`;
  const yaml = await readYaml(path.join(dir, 'module.yaml'), shown, moduleFileSchema, ctx.problems);
  const info = yaml?.value;
  if (!yaml || !info) return undefined;
  if (info.number !== expected.number) {
    ctx.problems.push({
      file: shown,
      line: yaml.lineOf(['number']),
      path: 'number',
      message: `is ${info.number}, but the folder is module ${expected.number}`,
      hint: `write number: ${expected.number}`,
    });
  }
  if (info.title !== expected.title) {
    ctx.problems.push({
      file: shown,
      line: yaml.lineOf(['title']),
      path: 'title',
      message: `"${info.title}" is not the title in SPEC section 3`,
      hint: `write title: ${expected.title}`,
    });
  }
  return info;
}
