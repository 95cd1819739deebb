import { describe, expect, it } from 'vitest';
import { diagramSvg } from '../testing/content.fixture.ts';
import { checkSvg, renderDiagram } from './diagram.svg.ts';

/** A valid diagram named `box` with `body` inside it. */
const svg = (body: string, root = 'viewBox="0 0 640 100"') =>
  `<svg xmlns="http://www.w3.org/2000/svg" ${root}>\n${body}\n</svg>\n`;

const problemsOf = (source: string): string[] =>
  checkSvg(source, 'box').problems.map((p) => `${p.line ?? '-'}: ${p.message}`);

describe('checkSvg', () => {
  it('accepts the fixture diagram and keeps its markup', () => {
    const checked = checkSvg(diagramSvg(), 'total-box');
    expect(checked.problems).toEqual([]);
    expect(checked.svg?.attributes).toEqual([
      ['xmlns', 'http://www.w3.org/2000/svg'],
      ['viewBox', '0 0 640 120'],
    ]);
    expect(checked.svg?.inner).toContain('<path class="d-arrow" d="M 0 0 L 10 5 L 0 10 z"/>');
    expect(checked.svg?.inner).toContain('marker-end="url(#total-box-arrow)"');
  });

  it('needs a viewBox and no fixed width or height', () => {
    expect(problemsOf(svg('<rect class="d-box" width="5" height="5"/>', 'width="640" height="100"'))).toEqual([
      '1: the <svg> has no viewBox',
      '1: the <svg> has a fixed width',
      '1: the <svg> has a fixed height',
    ]);
  });

  it('rejects colour literals, in attributes and in style, but allows none', () => {
    expect(
      problemsOf(
        svg(
          [
            '<rect class="d-box" fill="#fff"/>',
            '<line class="d-line" stroke="red"/>',
            '<text class="d-text" style="fill: blue">x</text>',
            '<rect class="d-box" fill="none" stroke="none"/>',
          ].join('\n'),
        ),
      ),
    ).toEqual([
      '2: <rect> has the colour fill="#fff"',
      '3: <line> has the colour stroke="red"',
      '4: <text> sets a colour in style=',
    ]);
  });

  it('wants a d-* class on every shape (its own or a group\'s), and no other classes', () => {
    expect(
      problemsOf(
        svg(
          [
            '<rect x="1"/>',
            '<g class="d-line"><line x1="1"/></g>',
            '<text class="d-text big">x</text>',
            '<defs><marker id="box-arrow"><path d="M0 0"/></marker></defs>',
          ].join('\n'),
        ),
      ),
    ).toEqual([
      '2: <rect> has no d-* class, so the site cannot colour it',
      '4: <text> has class "big"',
      '5: an arrowhead <path> inside <marker> needs class="d-arrow"',
    ]);
  });

  it('rejects scripts, handlers, foreignObject, style, images and outside references', () => {
    expect(
      problemsOf(
        svg(
          [
            '<script>alert(1)</script>',
            '<rect class="d-box" onclick="alert(1)"/>',
            '<foreignObject><p>x</p></foreignObject>',
            '<style>.d-box { fill: red }</style>',
            '<image href="x.png"/>',
            '<use href="other.svg#a"/>',
            '<line class="d-line" marker-end="url(other.svg#a)"/>',
          ].join('\n'),
        ),
      ),
    ).toEqual([
      '2: <script> is not allowed in a diagram',
      '3: <rect> has an event handler onclick=',
      '4: <foreignObject> is not allowed in a diagram',
      '5: <style> is not allowed in a diagram',
      '6: <image> is not allowed in a diagram',
      '7: <use> links outside the file (href="other.svg#a")',
      '8: <line> marker-end= refers outside the file',
    ]);
  });

  it('wants ids prefixed with the file name, and text at least 14 high', () => {
    expect(
      problemsOf(
        svg(
          '<marker id="arrow"><path class="d-arrow"/></marker>\n<text class="d-text" font-size="12">x</text>',
        ),
      ),
    ).toEqual([
      '2: <marker> has id "arrow", which does not start with "box-"',
      '3: <text> has font-size 12, below 14',
    ]);
  });

  it('reports XML that is not well-formed with its line, and a DOCTYPE', () => {
    expect(problemsOf('<svg viewBox="0 0 1 1">\n<rect class="d-box">\n</svg>')).toEqual([
      expect.stringMatching(/^3: is not well-formed XML: /),
    ]);
    expect(problemsOf('<!DOCTYPE svg>\n<svg viewBox="0 0 1 1"></svg>')).toEqual([
      '-: has a DOCTYPE or ENTITY declaration',
    ]);
  });

  it('names the right line when a tag repeats, ignoring tags inside comments', () => {
    expect(
      problemsOf(svg('<!-- <rect> -->\n<rect class="d-box"/>\n<rect fill="red" class="d-box"/>')),
    ).toEqual(['4: <rect> has the colour fill="red"']);
  });
});

describe('renderDiagram', () => {
  it('inlines the SVG in a figure, labelled by the escaped alt text, without width, height or its own title', () => {
    const checked = checkSvg(
      svg('<title>Old</title><rect class="d-box"/>', 'viewBox="0 0 10 10" role="presentation" aria-label="x"'),
      'box',
    );
    if (!checked.svg) throw new Error('fixture SVG rejected');
    expect(renderDiagram(checked.svg, 'A <box> & "more"', 'box-title')).toBe(
      '<figure class="diagram"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" role="img" aria-labelledby="box-title">' +
        '<title id="box-title">A &lt;box&gt; &amp; &quot;more&quot;</title>\n<rect class="d-box"/>\n</svg></figure>',
    );
  });
});
