/* content/articles and content/legal: Markdown pages with validated front matter. */

import path from 'node:path';
import { articleFrontMatterSchema, legalFrontMatterSchema } from '#shared/content/schema.ts';
import { listDir, readText } from './content.files.ts';
import type { Article, ContentProblem, LegalPage } from './content.types.ts';
import { readFrontMatter } from './yaml.reader.ts';

const LEGAL_FILES = ['privacy', 'terms'] as const;
const ARTICLE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export type Shown = (...parts: string[]) => string;

export async function readArticles(
  rootDir: string,
  shown: Shown,
  problems: ContentProblem[],
): Promise<Article[]> {
  const articles: Article[] = [];
  for (const entry of (await listDir(path.join(rootDir, 'articles'))) ?? []) {
    const file = shown('articles', entry.name);
    const slug = entry.name.replace(/\.md$/, '');
    if (entry.isDirectory || !entry.name.endsWith('.md') || !ARTICLE_SLUG.test(slug)) {
      problems.push({
        file,
        message: 'unexpected entry in content/articles',
        hint: 'articles are files named like should-i-learn-to-code.md (lower case, hyphens)',
      });
      continue;
    }
    const source = (await readText(path.join(rootDir, 'articles', entry.name))) ?? '';
    const page = readFrontMatter(source, file, articleFrontMatterSchema, problems);
    if (page) {
      articles.push({
        slug,
        title: page.data.title,
        description: page.data.description,
        markdown: page.body,
      });
    }
  }
  return articles;
}

export async function readLegal(
  rootDir: string,
  shown: Shown,
  problems: ContentProblem[],
): Promise<{ privacy?: LegalPage; terms?: LegalPage }> {
  const legal: { privacy?: LegalPage; terms?: LegalPage } = {};
  for (const entry of (await listDir(path.join(rootDir, 'legal'))) ?? []) {
    const file = shown('legal', entry.name);
    const name = LEGAL_FILES.find((n) => entry.name === `${n}.md`);
    if (entry.isDirectory || !name) {
      problems.push({
        file,
        message: 'unexpected entry in content/legal',
        hint: 'content/legal holds privacy.md and terms.md',
      });
      continue;
    }
    const source = (await readText(path.join(rootDir, 'legal', entry.name))) ?? '';
    const page = readFrontMatter(source, file, legalFrontMatterSchema, problems);
    if (page) legal[name] = { ...page.data, markdown: page.body };
  }
  return legal;
}
