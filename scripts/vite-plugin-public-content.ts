/*
 * Build-time content for the public pages. The home page's curriculum breakdown, the legal pages and
 * the articles are read from content/ while Vite builds, with the Markdown already turned into HTML, so
 * the pre-rendered pages hold the real text without an API call and the browser never downloads a
 * Markdown parser. Each virtual module is imported only by the page that shows it, so a page's chunk
 * carries only its own text.
 *
 *   virtual:public-content/modules        the 15 modules' numbers, titles and descriptions
 *   virtual:public-content/privacy        the privacy policy: title, updated (YYYY-MM-DD), html
 *   virtual:public-content/terms          the terms, likewise
 *   virtual:public-content/article-list   slug, title, description of each article
 *   virtual:public-content/articles       the same plus each article's html
 */
import path from 'node:path';
import { Marked } from 'marked';
import type { Plugin } from 'vite';
import { CURRICULUM } from '../src/shared/content/curriculum.ts';
import { scanContent } from '../src/server/content/content.loader.ts';
import type { Course } from '../src/server/content/content.loader.ts';

const PREFIX = 'virtual:public-content/';
const NAMES = ['modules', 'privacy', 'terms', 'article-list', 'articles'] as const;
type Name = (typeof NAMES)[number];

export interface PublicModule {
  number: number;
  title: string;
  description: string;
}

/** Markdown to HTML for our own trusted files; headings get ids so sections can be linked to. */
export function markdownToHtml(markdown: string): string {
  const marked = new Marked({ gfm: true, async: false });
  marked.use({
    renderer: {
      heading({ tokens, depth }) {
        const text = this.parser.parseInline(tokens);
        const id = text
          .toLowerCase()
          .replace(/<[^>]+>/g, '')
          .replace(/&[a-z#0-9]+;/g, '')
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-+|-+$/g, '');
        return `<h${depth} id="${id}">${text}</h${depth}>\n`;
      },
    },
  });
  // Code blocks scroll sideways on small screens; keyboard users must be able to scroll them too.
  return marked.parse(markdown, { async: false }).replace(/<pre>/g, '<pre tabindex="0">');
}

/** The source of each virtual module, from the course as the content loader read it. */
export function publicContentModules(course: Course): Record<Name, string> {
  const modules: PublicModule[] = CURRICULUM.map((expected) => {
    const written = course.modules.find((m) => m.number === expected.number);
    return {
      number: expected.number,
      title: expected.title,
      description: written?.description.trim() ?? '',
    };
  });
  const legal = Object.fromEntries(
    (['privacy', 'terms'] as const).map((name) => {
      const page = course.legal[name];
      if (!page) throw new Error(`content/legal/${name}.md is missing or invalid`);
      return [
        name,
        { title: page.title, updated: page.updated, html: markdownToHtml(page.markdown) },
      ];
    }),
  );
  const list = course.articles.map(({ slug, title, description }) => ({
    slug,
    title,
    description,
  }));
  const articles = course.articles.map(({ slug, title, description, markdown }) => ({
    slug,
    title,
    description,
    html: markdownToHtml(markdown),
  }));
  const json = (value: unknown) => JSON.stringify(value);
  return {
    modules: `export const modules = ${json(modules)};`,
    privacy: `export const text = ${json(legal.privacy)};`,
    terms: `export const text = ${json(legal.terms)};`,
    'article-list': `export const articles = ${json(list)};`,
    articles: `export const articles = ${json(articles)};`,
  };
}

export function publicContent(options: { contentDir: string }): Plugin {
  const contentDir = path.resolve(options.contentDir);
  let cache: Promise<Record<Name, string>> | null = null;

  async function load(): Promise<Record<Name, string>> {
    const scan = await scanContent(contentDir);
    // Module lessons are written in parallel with the site; only the public texts must be sound here.
    const publicProblems = scan.problems.filter((p) => /\/(articles|legal)\//.test(p.file));
    if (publicProblems.length > 0) {
      throw new Error(
        `public content has problems:\n${publicProblems.map((p) => `${p.file}: ${p.message}`).join('\n')}`,
      );
    }
    return publicContentModules(scan.course);
  }

  return {
    name: 'indent-public-content',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const name = id.slice(PREFIX.length + 1) as Name;
      if (!NAMES.includes(name)) throw new Error(`unknown virtual module ${id.slice(1)}`);
      cache ??= load();
      return (await cache)[name];
    },
    configureServer(server) {
      // content/ is outside Vite's root: watch it, and reload the page when a public text changes.
      server.watcher.add(contentDir);
      server.watcher.on('change', (file) => {
        const relative = path.relative(contentDir, file);
        if (relative.startsWith('..') || !/^(articles|legal)\/|module\.yaml$/.test(relative))
          return;
        cache = null;
        for (const name of NAMES) {
          const mod = server.moduleGraph.getModuleById(`\0${PREFIX}${name}`);
          if (mod) server.moduleGraph.invalidateModule(mod);
        }
        server.ws.send({ type: 'full-reload' });
      });
    },
  };
}
