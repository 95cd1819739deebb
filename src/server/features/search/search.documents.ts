import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CourseContent } from '../../content/course-content.ts';

/** One searchable piece of the course: a lesson section, an exercise or a glossary entry. */
export interface SearchDocument {
  kind: 'lesson' | 'exercise' | 'glossary';
  title: string;
  /** Plain text (no HTML), what the snippet is cut from. */
  body: string;
  href: string;
  moduleNumber: number;
  label: string;
  /** A lesson section's words in bold, lower-cased: the terms it defines (not indexed). */
  defines?: readonly string[];
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** The words a reader sees in rendered HTML: no diagrams, Copy buttons or hidden labels. */
export function textOf(html: string): string {
  return html
    .replace(/<svg[\s\S]*?<\/svg>/g, ' ')
    .replace(/<button[\s\S]*?<\/button>/g, ' ')
    .replace(/<span[^>]*aria-hidden="true"[^>]*>[^<]*<\/span>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/\s+/g, ' ')
    .trim();
}

const lessonHref = (moduleNumber: number, anchor?: string) =>
  `/dashboard/lessons/module${moduleNumber}${anchor ? `#${anchor}` : ''}`;

/** A lesson's sections: one per h2 or h3 (which carry ids), and the part before the first one. */
function lessonSections(html: string, moduleNumber: number, label: string): SearchDocument[] {
  const heading = /<h([23]) id="([^"]+)">([\s\S]*?)<\/h\1>/g;
  const sections: SearchDocument[] = [];
  let title = label;
  let anchor: string | undefined;
  let start = 0;
  const push = (end: number) => {
    const part = html.slice(start, end);
    const body = textOf(part);
    if (body) {
      const defines = [...part.matchAll(/<strong>([\s\S]*?)<\/strong>/g)].map((m) =>
        textOf(m[1] ?? '').toLowerCase(),
      );
      sections.push({
        kind: 'lesson',
        title,
        body,
        href: lessonHref(moduleNumber, anchor),
        moduleNumber,
        label,
        defines,
      });
    }
  };
  for (const match of html.matchAll(heading)) {
    push(match.index);
    title = textOf(match[3] ?? '');
    anchor = match[2];
    start = match.index + match[0].length;
  }
  push(html.length);
  return sections;
}

/** A glossary term without its qualifier: "value (in a dictionary)" is "value". */
const bareTerm = (term: string) => term.replace(/\s*\(.*\)$/, '').toLowerCase();

/** The ways a learner types a term: "dictionary", "dictionaries", "class", "classes", "loops". */
export function termForms(term: string): string[] {
  const base = bareTerm(term);
  const forms = [base, `${base}s`, `${base}es`];
  if (base.endsWith('y')) forms.push(`${base.slice(0, -1)}ies`);
  return forms;
}

/**
 * The glossary (content/GLOSSARY.md): `## Module N: ...` headings, then `- **term**: definition`.
 * Each term links to the section of its module's lesson that teaches it: the one that puts it in
 * bold (where the lesson defines it), else the one named after it, else the first that uses it.
 */
function glossaryEntries(markdown: string, lessons: readonly SearchDocument[]): SearchDocument[] {
  const entries: SearchDocument[] = [];
  let moduleNumber = 0;
  let label = '';
  for (const line of markdown.split('\n')) {
    const module = /^##\s+Module\s+(\d+):\s*(.+)$/.exec(line);
    if (module) {
      moduleNumber = Number(module[1]);
      label = `Glossary, module ${moduleNumber}: ${module[2]?.trim() ?? ''}`;
      continue;
    }
    const entry = /^-\s+\*\*(.+?)\*\*:\s*(.+)$/.exec(line);
    if (!entry || moduleNumber === 0) continue;
    const term = entry[1] ?? '';
    const definition = (entry[2] ?? '').replace(/`/g, '').replace(/\*\*?/g, '').trim();
    // The term opens the body too, so a snippet always shows what the entry is about.
    const body = `${term}: ${definition}`;
    const needle = bareTerm(term);
    const forms = termForms(term);
    const inModule = lessons.filter((s) => s.moduleNumber === moduleNumber);
    const section =
      inModule.find((s) => s.defines?.some((bold) => forms.includes(bold))) ??
      inModule.find((s) => s.title.toLowerCase().includes(needle)) ??
      inModule.find((s) => s.body.toLowerCase().includes(needle));
    entries.push({
      kind: 'glossary',
      title: term,
      body,
      href: section?.href ?? lessonHref(moduleNumber),
      moduleNumber,
      label,
    });
  }
  return entries;
}

/** Everything the search index holds, built from the prepared course at start-up. */
export function searchDocuments(
  content: CourseContent,
  glossaryMarkdown: string,
): SearchDocument[] {
  const lessons: SearchDocument[] = [];
  const exercises: SearchDocument[] = [];
  for (const module of content.modules) {
    const lesson = content.lessons.get(module.number);
    if (!lesson) continue;
    const label = `Module ${module.number}: ${module.title}`;
    lessons.push(...lessonSections(lesson.html, module.number, label));
    for (const exercise of lesson.exercises) {
      exercises.push({
        kind: 'exercise',
        title: exercise.title,
        body: textOf(exercise.promptHtml),
        // Exercise cards have no ids of their own; the lesson's exercise list does.
        href: lessonHref(module.number, 'exercises-heading'),
        moduleNumber: module.number,
        label: `${label}, exercise`,
      });
    }
  }
  return [...lessons, ...exercises, ...glossaryEntries(glossaryMarkdown, lessons)];
}

/** Where a glossary term is introduced: its lesson section's link and the entry's title. */
export interface Introduction {
  href: string;
  term: string;
}

/**
 * Each way of typing a glossary term, mapped to where the course introduces it. A term listed in
 * two modules (literal, hashable) is introduced by the first; later entries deepen it.
 */
export function introductions(documents: readonly SearchDocument[]): Map<string, Introduction> {
  const found = new Map<string, Introduction>();
  const glossary = documents
    .filter((d) => d.kind === 'glossary')
    .sort((a, b) => a.moduleNumber - b.moduleNumber);
  for (const entry of glossary) {
    for (const form of termForms(entry.title)) {
      if (!found.has(form)) found.set(form, { href: entry.href, term: entry.title });
    }
  }
  return found;
}

/** content/GLOSSARY.md's text; without it the index still holds the lessons and exercises. */
export function readGlossary(contentDir: string): string | undefined {
  try {
    return readFileSync(join(contentDir, 'GLOSSARY.md'), 'utf8');
  } catch {
    return undefined;
  }
}
