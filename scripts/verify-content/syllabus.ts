/*
 * The syllabus table `npm run verify:content` prints (issue 32): each objective of
 * content/objectives.yaml with the lesson section that teaches it. An objective taught nowhere, or
 * taught in a section that does not exist, is a finding, so CI fails until it is taught.
 */

import path from 'node:path';
import type { CourseModule } from '#server/content/content.loader.ts';
import { Marked } from 'marked';
import { headingId } from '#server/content/content.render.ts';
import type { ContentProblem } from '#server/content/content.types.ts';
import { readYaml } from '#server/content/yaml.reader.ts';
import { curriculumModule } from '#shared/content/curriculum.ts';
import { fencedBlocks } from '#shared/content/fenced-blocks.ts';
import type { RuleFinding } from './rules.ts';
import { objectivesFileSchema, TAUGHT_PATTERN } from '#shared/content/schema.ts';

export interface SyllabusRow {
  readonly exam: string;
  readonly objective: string;
  readonly topic: string;
  /** `Module 3, "Loops that end with else"`, or undefined when it is taught nowhere. */
  readonly where: string | undefined;
}

export interface Syllabus {
  readonly rows: readonly SyllabusRow[];
  /** Findings by line of objectives.yaml. */
  readonly findings: readonly RuleFinding[];
  /** Problems reading the file (YAML, schema). */
  readonly problems: readonly ContentProblem[];
  readonly file: string;
}

/** A heading's rendered HTML as the reader sees it: no tags, entities decoded. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** The ids and titles of a lesson's ## and ### headings, as the rendered page gives them. */
function sections(markdown: string, inline: (markdown: string) => string): Map<string, string> {
  const found = new Map<string, string>();
  const seen = new Map<string, number>();
  for (const { text } of fencedBlocks(markdown).prose) {
    const heading = /^ {0,3}#{2,3}\s+(.+?)\s*#*\s*$/.exec(text);
    if (!heading) continue;
    const html = inline(heading[1] ?? '');
    const base = headingId(html);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    found.set(count === 1 ? base : `${base}-${count}`, textOf(html));
  }
  return found;
}

/**
 * Reads objectives.yaml and places each objective in the modules given. With `only`, objectives
 * taught in other modules are left out of the findings (they were not loaded).
 */
export async function readSyllabus(
  rootDir: string,
  modules: readonly CourseModule[],
  only?: readonly number[],
): Promise<Syllabus> {
  const shownFile = `${path.basename(path.resolve(rootDir))}/objectives.yaml`;
  const problems: ContentProblem[] = [];
  const file = await readYaml(
    path.join(rootDir, 'objectives.yaml'),
    shownFile,
    objectivesFileSchema,
    problems,
  );
  if (!file) {
    problems.push({
      file: shownFile,
      message: 'file is missing',
      hint: 'list the syllabus objectives the course teaches (content/README.md, "objectives.yaml")',
    });
  }
  // Headings are inline Markdown: no code blocks, so no highlighter is needed to read their ids.
  const marked = new Marked({ gfm: true, async: false });
  const inline = (markdown: string) => marked.parseInline(markdown, { async: false });
  const byModule = new Map(modules.map((m) => [m.number, sections(m.lesson.markdown, inline)]));
  const rows: SyllabusRow[] = [];
  const findings: RuleFinding[] = [];
  (file?.value?.objectives ?? []).forEach((entry, index) => {
    const line = file?.lineOf(['objectives', index]) ?? 0;
    const match = entry.taught ? TAUGHT_PATTERN.exec(entry.taught) : null;
    const module = Number(match?.[1]);
    const id = match?.[2] ?? '';
    const title = byModule.get(module)?.get(id);
    rows.push({ ...entry, where: title ? `Module ${module}, "${title}"` : undefined });
    if (title) return;
    if (!entry.taught) {
      if (only) return;
      findings.push({
        line,
        message: `"${entry.topic}" (${entry.exam} ${entry.objective}) is taught nowhere`,
        hint: 'teach it in the module where it belongs, then name the section: taught: "<module>#<heading id>"',
      });
    } else if (byModule.has(module)) {
      findings.push({
        line,
        message: `"${entry.topic}" is said to be taught in module ${module} at #${id}, but the lesson has no such section`,
        hint: `the lesson's section ids are: ${[...(byModule.get(module)?.keys() ?? [])].join(', ')}`,
      });
    } else if (!curriculumModule(module)) {
      findings.push({
        line,
        message: `"${entry.topic}" names module ${module}, which does not exist`,
      });
    }
    // A module of the course that was not loaded (--only, or not written yet) is not judged here.
  });
  return { rows, findings, problems, file: shownFile };
}

/** The table, one objective a line, grouped by exam. */
export function formatSyllabus(rows: readonly SyllabusRow[]): string {
  const width = Math.max(...rows.map((r) => `${r.exam} ${r.objective}`.length));
  const lines = rows.map(
    (r) =>
      `${`${r.exam} ${r.objective}`.padEnd(width)}  ${r.topic}\n${' '.repeat(width)}    -> ${r.where ?? 'NOT TAUGHT'}`,
  );
  const taught = rows.filter((r) => r.where).length;
  return `Syllabus: ${taught} of ${rows.length} objectives taught\n${lines.join('\n')}`;
}
