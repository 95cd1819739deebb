import { Marked, type Tokens } from 'marked';
import { createHighlighter } from 'shiki';
import { REVEAL_END, REVEAL_START } from '#shared/content/checkpoint-blocks.ts';
import { escapeHtml } from '#shared/html.ts';
import { renderDiagram, type PreparedSvg } from './diagram.svg.ts';

/*
 * Markdown to HTML, done once at start-up. Code is highlighted here on the server so no highlighter
 * ships to the browser: the client only receives finished HTML with inline colours.
 */

/**
 * Code is coloured for both themes at once (decision 0018): the light colours inline, the dark ones
 * as --shiki-dark and --shiki-dark-bg beside them, which the stylesheet switches to in dark mode
 * (src/client/styles/code-themes.css). The "default" GitHub themes keep every colour AA on their
 * background (content.render.test.ts checks).
 */
export const CODE_THEMES = { light: 'github-light-default', dark: 'github-dark-default' } as const;

export interface RenderedBlockInfo {
  /** The fence's info string, e.g. `python raises=NameError`. */
  readonly info: string;
  readonly code: string;
}

export interface RenderOptions {
  /**
   * Called for each ```python block in document order; returns the index to put on its wrapper as
   * `data-code-block`, which the lesson page's 'Try it' buttons use to find the block's code, and
   * whether it is a checkpoint (as the shared lesson parser read its fence).
   */
  readonly onPython?: (block: RenderedBlockInfo) => { index: number; checkpoint: boolean };
  /** The lesson's checked diagrams by file name; a paragraph that is only `![alt](name.svg)` shows one. */
  readonly diagrams?: ReadonlyMap<string, { readonly alt: string; readonly svg: PreparedSvg }>;
  /**
   * Gives every heading an id made from its words (headingId), so search results and links can
   * point at a section. Only for a whole page (the lesson): ids of two renders could collide.
   */
  readonly headingIds?: boolean;
}

/**
 * The id of a lesson heading: its words lower-cased and joined by hyphens, so "Dictionaries: looking
 * things up by name" gives "dictionaries-looking-things-up-by-name" and stays the same while the
 * heading does. A repeated heading gets -2, -3 (counted per page by the caller).
 */
export function headingId(text: string): string {
  const slug = text
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/&[a-z0-9#]+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'section';
}

/** A heading with its id; `seen` counts each id on the page, so a repeated one gets -2, -3. */
function renderHeading(html: string, depth: number, seen: Map<string, number>): string {
  const base = headingId(html);
  const count = (seen.get(base) ?? 0) + 1;
  seen.set(base, count);
  const id = count === 1 ? base : `${base}-${count}`;
  return `<h${depth} id="${id}">${html}</h${depth}>\n`;
}

export interface MarkdownRenderer {
  /** A whole document (block-level Markdown). */
  render(markdown: string, options?: RenderOptions): string;
  /** A single line of Markdown (inline only, no wrapping paragraph). */
  inline(markdown: string): string;
}

/**
 * A checkpoint's explanation (content/README.md, "Checkpoints"): the prose between its reveal markers
 * is drawn hidden, tied to the checkpoint's code block, and shown by the page once the learner has
 * predicted. Any other HTML is left as it is (false).
 */
function revealMarker(html: string, checkpoint: number | undefined): string | false {
  const text = html.trim();
  if (text === REVEAL_START && checkpoint !== undefined) {
    return `<div class="checkpoint-reveal" data-reveal-for="${checkpoint}" hidden>\n`;
  }
  return text === REVEAL_END ? '</div>\n' : false;
}

/** Code to HTML coloured for both themes. */
async function createCodeHighlighter(): Promise<(code: string, lang: 'python' | 'text') => string> {
  const highlighter = await createHighlighter({
    themes: [CODE_THEMES.light, CODE_THEMES.dark],
    langs: ['python'],
  });
  // No tabindex on the <pre> (Shiki adds one by default): a block is a tab stop only while it
  // scrolls, which only the browser can tell (client/lib/scroll-tab-stops.ts, issue 26).
  return (code, lang) =>
    highlighter.codeToHtml(code, { lang, themes: CODE_THEMES, defaultColor: 'light', tabindex: false });
}

export async function createMarkdownRenderer(): Promise<MarkdownRenderer> {
  const highlight = await createCodeHighlighter();

  // The per-call options and state reach the renderer through these variables: rendering is
  // synchronous. A checkpoint's output block stays off the page (the learner predicts it first):
  // `hideOutput` is set by the checkpoint's python block and consumed by the next code block.
  let current: RenderOptions = {};
  let hideOutput = false;
  /** The code-block index of the last checkpoint met: its reveal (if any) follows it. */
  let lastCheckpoint: number | undefined;
  const titleIds = new Map<string, number>();
  const headingIds = new Map<string, number>();

  const copyButton =
    '<button type="button" class="code-copy" data-copy aria-label="Copy code">Copy</button>';

  const marked = new Marked({
    gfm: true,
    async: false,
    renderer: {
      code(token: Tokens.Code): string {
        const info = (token.lang ?? '').trim();
        const lang = info.split(/\s+/)[0] ?? '';
        const hidden = hideOutput && lang === 'output';
        hideOutput = false;
        // The predict block (options and why) reaches the page through the lesson reply instead.
        if (hidden || lang === 'predict') return '';
        if (lang === 'python') {
          const block = current.onPython?.({ info, code: token.text });
          hideOutput = block?.checkpoint ?? false;
          if (block?.checkpoint) lastCheckpoint = block.index;
          const attr =
            (block === undefined ? '' : ` data-code-block="${block.index}"`) +
            (hideOutput ? ' data-checkpoint' : '');
          const kind = /\bnorun\b/.test(info) ? 'norun' : /\braises=/.test(info) ? 'raises' : 'run';
          return `<div class="code-block" data-lang="python" data-kind="${kind}"${attr}>${copyButton}${highlight(token.text, 'python')}</div>\n`;
        }
        if (lang === 'output') {
          return `<div class="code-output" role="group" aria-label="Output"><span class="code-output-label" aria-hidden="true">Output</span>${highlight(token.text, 'text')}</div>\n`;
        }
        return `<div class="code-block" data-lang="${escapeHtml(lang || 'text')}">${copyButton}${highlight(token.text, 'text')}</div>\n`;
      },
      html: (token: Tokens.HTML | Tokens.Tag) => revealMarker(token.text, lastCheckpoint),
      paragraph(token: Tokens.Paragraph): string | false {
        const only = token.tokens.length === 1 ? token.tokens[0] : undefined;
        const diagram =
          only?.type === 'image' ? current.diagrams?.get((only as Tokens.Image).href) : undefined;
        if (!diagram || !only) return false;
        const file = (only as Tokens.Image).href;
        const base = `${file.replace(/\.svg$/, '')}-title`;
        const seen = (titleIds.get(base) ?? 0) + 1;
        titleIds.set(base, seen);
        const id = seen === 1 ? base : `${base}-${seen}`;
        return `${renderDiagram(diagram.svg, diagram.alt, id)}\n`;
      },
      heading(token: Tokens.Heading): string | false {
        if (!current.headingIds) return false;
        return renderHeading(this.parser.parseInline(token.tokens), token.depth, headingIds);
      },
      // Links to other sites open normally but never hand them our page (window.opener).
      link(token: Tokens.Link): string {
        const text = this.parser.parseInline(token.tokens);
        const external = /^https?:\/\//.test(token.href);
        const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
        const rel = external ? ' rel="noopener noreferrer"' : '';
        return `<a href="${escapeHtml(token.href)}"${title}${rel}>${text}</a>`;
      },
    },
  });

  return {
    render(markdown, options = {}) {
      current = options;
      hideOutput = false;
      lastCheckpoint = undefined;
      titleIds.clear();
      headingIds.clear();
      try {
        return marked.parse(markdown, { async: false });
      } finally {
        current = {};
      }
    },
    inline(markdown) {
      return marked.parseInline(markdown, { async: false });
    },
  };
}
