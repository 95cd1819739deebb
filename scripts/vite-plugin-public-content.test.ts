import { describe, expect, it } from 'vitest';
import { scanContent } from '../src/server/content/content.loader.ts';
import { markdownToHtml, publicContentModules } from './vite-plugin-public-content.ts';

describe('markdownToHtml', () => {
  it('gives headings ids and makes code blocks reachable by keyboard', () => {
    const html = markdownToHtml('## How long does it take?\n\nText.\n\n```python\nprint(1)\n```\n');
    expect(html).toContain('<h2 id="how-long-does-it-take">How long does it take?</h2>');
    expect(html).toContain('<pre tabindex="0"><code class="language-python">');
  });
});

describe('the public content modules', () => {
  it('are made from the real course: 15 modules, both legal texts, every article', async () => {
    const scan = await scanContent('content');
    const modules = publicContentModules(scan.course);
    const exported = (source: string) =>
      JSON.parse(source.replace(/^export const \w+ = /, '').replace(/;$/, '')) as unknown;

    const list = exported(modules.modules) as {
      number: number;
      title: string;
      description: string;
    }[];
    expect(list.map((m) => m.number)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(list[11]?.title).toBe('Object-Oriented Programming (OOP)');
    expect(list.every((m) => m.description.length > 40)).toBe(true);

    const terms = exported(modules.terms) as { updated: string; html: string };
    expect(terms.updated).toBe('2024-05-01');
    expect(terms.html).toContain('US$50');
    const privacy = exported(modules.privacy) as { updated: string };
    expect(privacy.updated).toBe('2024-02-10');

    const articles = exported(modules.articles) as { slug: string; html: string }[];
    expect(articles.map((a) => a.slug)).toContain('should-i-learn-to-code');
    expect(articles).toHaveLength(2);
    for (const article of articles) {
      // Issue 6: each article is at least 1,200 words.
      const words = article.html
        .replace(/<[^>]+>/g, ' ')
        .split(/\s+/)
        .filter(Boolean).length;
      expect(words, article.slug).toBeGreaterThanOrEqual(1200);
    }
    expect(exported(modules['article-list'])).toEqual(
      articles.map(({ slug }) => expect.objectContaining({ slug })),
    );
  });
});
