/*
 * Lesson diagrams (content/README.md, "Diagrams"): an SVG file of the module folder, checked with a
 * real XML parser at start-up and inlined into the lesson page. Inlined SVG is part of our page, so
 * the checks are an allow-list: known elements only, no scripts or event handlers, no references
 * outside the file, and no colours of its own (the site's CSS colours the d-* classes, light and dark).
 */

import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { escapeHtml } from '#shared/html.ts';

/** The classes the site's CSS colours; every shape and text takes one (itself or from a group). */
export const DIAGRAM_CLASSES = [
  'd-box',
  'd-box-alt',
  'd-accent',
  'd-line',
  'd-text',
  'd-muted',
  'd-code',
  'd-arrow',
] as const;

const ALLOWED_ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'marker',
  'symbol',
  'use',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
]);
const SHAPES = new Set(['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text']);
const FORBIDDEN_HINTS: Readonly<Record<string, string>> = {
  script: 'a diagram runs no code',
  style: 'colour shapes with the d-* classes; the site CSS styles them',
  foreignObject: 'draw the text with <text> elements',
  image: 'draw it with shapes; a diagram embeds no pictures',
};
const COLOUR_ATTRIBUTES = new Set([
  'fill',
  'stroke',
  'color',
  'stop-color',
  'flood-color',
  'lighting-color',
]);
const STYLE_COLOUR = /(?:^|;)\s*(?:fill|stroke|color|stop-color|background(?:-color)?)\s*:/i;
const MIN_FONT_SIZE = 14;

export interface DiagramProblem {
  /** 1-based line in the SVG file, when known. */
  readonly line?: number;
  readonly message: string;
  readonly hint?: string;
}

/** A checked diagram, ready to inline: its root attributes and its inner markup. */
export interface PreparedSvg {
  /** The root `<svg>` attributes, without width, height, role and aria-* (the page sets those). */
  readonly attributes: readonly (readonly [string, string])[];
  /** The children of `<svg>` serialized, without comments and without a root `<title>`. */
  readonly inner: string;
}

type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // Text and attribute values stay exactly as written (entities included), so serializing them
  // back needs no escaping of what was already escaped.
  processEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  cdataPropName: '#cdata',
});

/** Checks an SVG file's text; `name` is the file name without `.svg` (the id prefix). */
export function checkSvg(
  source: string,
  name: string,
): { svg?: PreparedSvg; problems: DiagramProblem[] } {
  const valid = XMLValidator.validate(source);
  if (valid !== true) {
    return {
      problems: [
        {
          line: valid.err.line,
          message: `is not well-formed XML: ${valid.err.msg}`,
          hint: 'open it in a browser or an editor with XML checking to find the broken tag',
        },
      ],
    };
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(source)) {
    return { problems: [{ message: 'has a DOCTYPE or ENTITY declaration', hint: 'remove it' }] };
  }
  const nodes = parser.parse(source) as XmlNode[];
  const roots = nodes.filter((n) => elementName(n) !== undefined && elementName(n) !== '?xml');
  const root = roots[0];
  if (roots.length !== 1 || !root || elementName(root) !== 'svg') {
    return { problems: [{ message: 'must hold exactly one <svg> element at the top' }] };
  }
  const checker = new SvgChecker(source, name);
  checker.checkRoot(root);
  checker.visit(root, [], false);
  if (checker.problems.length > 0) return { problems: checker.problems };
  const attributes = Object.entries(attributesOf(root)).filter(
    ([key]) => !['width', 'height', 'role'].includes(key) && !key.startsWith('aria-'),
  );
  const inner = childrenOf(root)
    .filter((child) => elementName(child) !== 'title')
    .map(serialize)
    .join('');
  return { svg: { attributes, inner }, problems: [] };
}

class SvgChecker {
  readonly problems: DiagramProblem[] = [];
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly source: string,
    private readonly name: string,
  ) {}

  checkRoot(root: XmlNode): void {
    const attributes = attributesOf(root);
    if (!attributes['viewBox']) {
      this.add(root, 'the <svg> has no viewBox', 'add viewBox="0 0 640 H" so it scales to the column');
    }
    for (const fixed of ['width', 'height']) {
      if (attributes[fixed] !== undefined) {
        this.add(root, `the <svg> has a fixed ${fixed}`, 'remove it: the viewBox sizes the diagram');
      }
    }
  }

  /** Checks `node` and its children; `classes` are the d-* classes of its ancestors. */
  visit(node: XmlNode, classes: readonly string[], inMarker: boolean): void {
    const tag = elementName(node);
    if (tag === undefined || tag === '#text') return;
    const line = this.lineOf(node);
    if (tag === '#cdata') {
      this.problems.push({ line, message: 'has a CDATA section', hint: 'write plain text' });
      return;
    }
    if (!ALLOWED_ELEMENTS.has(tag)) {
      this.problems.push({
        line,
        message: `<${tag}> is not allowed in a diagram`,
        hint: FORBIDDEN_HINTS[tag] ?? `use only ${[...ALLOWED_ELEMENTS].join(', ')}`,
      });
      return;
    }
    const own = this.checkAttributes(node, tag);
    const all = [...classes, ...own];
    if (SHAPES.has(tag) && inMarker && tag === 'path' && !all.includes('d-arrow')) {
      this.add(node, 'an arrowhead <path> inside <marker> needs class="d-arrow"');
    } else if (SHAPES.has(tag) && !inMarker && all.length === 0) {
      this.add(
        node,
        `<${tag}> has no d-* class, so the site cannot colour it`,
        `give it one of ${DIAGRAM_CLASSES.join(', ')}`,
      );
    }
    for (const child of childrenOf(node)) this.visit(child, all, inMarker || tag === 'marker');
  }

  /** Checks the attributes of one element; returns its d-* classes. */
  private checkAttributes(node: XmlNode, tag: string): string[] {
    const classes: string[] = [];
    for (const [key, value] of Object.entries(attributesOf(node))) {
      const problem = attributeProblem(key, value, this.name);
      if (problem) this.add(node, `<${tag}> ${problem.message}`, problem.hint);
      if (key === 'class') {
        for (const token of value.split(/\s+/).filter(Boolean)) {
          if ((DIAGRAM_CLASSES as readonly string[]).includes(token)) classes.push(token);
          else this.add(node, `<${tag}> has class "${token}"`, `use only ${DIAGRAM_CLASSES.join(', ')}`);
        }
      }
    }
    return classes;
  }

  private add(node: XmlNode, message: string, hint?: string): void {
    const line = this.lineOf(node);
    this.problems.push({ ...(line !== undefined ? { line } : {}), message, ...(hint ? { hint } : {}) });
  }

  /**
   * The parser keeps no positions, so an element's line is that of the n-th `<tag` in the source
   * (comments blanked first), n being how many elements of that name were visited before it.
   */
  private lineOf(node: XmlNode): number | undefined {
    const tag = elementName(node);
    if (tag === undefined || tag.startsWith('#')) return undefined;
    const cached = positions.get(node);
    if (cached !== undefined) return cached;
    const n = this.seen.get(tag) ?? 0;
    this.seen.set(tag, n + 1);
    const text = this.source.replace(/<!--[\s\S]*?-->/g, (c) => c.replace(/[^\n]/g, ' '));
    const pattern = new RegExp(`<${tag.replace(/[.*+?^${}()|[\]\\:]/g, '\\$&')}(?=[\\s/>])`, 'g');
    let match: RegExpExecArray | null = null;
    for (let i = 0; i <= n; i++) match = pattern.exec(text);
    const line = match ? text.slice(0, match.index).split('\n').length : undefined;
    if (line !== undefined) positions.set(node, line);
    return line;
  }
}

const positions = new WeakMap<XmlNode, number>();

/** What is wrong with one attribute, if anything. */
function attributeProblem(
  key: string,
  value: string,
  name: string,
): { message: string; hint?: string } | undefined {
  if (/^on/i.test(key)) return { message: `has an event handler ${key}=`, hint: 'remove it' };
  if ((key === 'href' || key === 'xlink:href') && !value.startsWith('#')) {
    return { message: `links outside the file (${key}="${value}")`, hint: 'href only to #ids here' };
  }
  if (/url\(\s*(?!['"]?#)/i.test(value)) {
    return { message: `${key}= refers outside the file`, hint: 'url() only to #ids in this file' };
  }
  if (COLOUR_ATTRIBUTES.has(key) && value.trim() !== 'none') {
    return {
      message: `has the colour ${key}="${value}"`,
      hint: 'drop it and use a d-* class (fill="none" and stroke="none" are allowed)',
    };
  }
  if (key === 'style' && STYLE_COLOUR.test(value)) {
    return { message: 'sets a colour in style=', hint: 'use a d-* class instead' };
  }
  if (key === 'id' && !value.startsWith(`${name}-`)) {
    return {
      message: `has id "${value}", which does not start with "${name}-"`,
      hint: `prefix ids with the file name, e.g. ${name}-arrow, so two diagrams on a page cannot clash`,
    };
  }
  const size = key === 'font-size' ? Number.parseFloat(value) : Number.NaN;
  if (size < MIN_FONT_SIZE) {
    return {
      message: `has font-size ${value}, below ${MIN_FONT_SIZE}`,
      hint: `keep text at least ${MIN_FONT_SIZE} units high so it stays readable on a phone`,
    };
  }
  return undefined;
}

function elementName(node: XmlNode): string | undefined {
  return Object.keys(node).find((key) => key !== ':@');
}

function attributesOf(node: XmlNode): Record<string, string> {
  const attributes = node[':@'];
  if (typeof attributes !== 'object' || attributes === null) return {};
  return Object.fromEntries(
    Object.entries(attributes).map(([key, value]) => [key, String(value)]),
  );
}

function childrenOf(node: XmlNode): XmlNode[] {
  const tag = elementName(node);
  const children = tag === undefined ? undefined : node[tag];
  return Array.isArray(children) ? (children as XmlNode[]) : [];
}

function serialize(node: XmlNode): string {
  const tag = elementName(node);
  if (tag === undefined) return '';
  if (tag === '#text') return String(node[tag]);
  const attributes = formatAttributes(Object.entries(attributesOf(node)));
  const children = childrenOf(node);
  if (children.length === 0) return `<${tag}${attributes}/>`;
  return `<${tag}${attributes}>${children.map(serialize).join('')}</${tag}>`;
}

function formatAttributes(attributes: readonly (readonly [string, string])[]): string {
  // Values were read raw (entities kept); only a quote written inside '...' needs escaping.
  return attributes.map(([key, value]) => ` ${key}="${value.replace(/"/g, '&quot;')}"`).join('');
}

/** The figure the lesson page shows: the SVG inline, labelled by its alt text. */
export function renderDiagram(svg: PreparedSvg, alt: string, titleId: string): string {
  const attributes = formatAttributes([
    ...svg.attributes,
    ['role', 'img'],
    ['aria-labelledby', titleId],
  ]);
  return `<figure class="diagram"><svg${attributes}><title id="${escapeHtml(titleId)}">${escapeHtml(alt)}</title>${svg.inner}</svg></figure>`;
}
