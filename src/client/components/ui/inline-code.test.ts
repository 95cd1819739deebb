import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { hasInlineCode, InlineCode, splitInlineCode } from './inline-code.tsx';

const html = (text: string) => renderToStaticMarkup(createElement(InlineCode, { text }));

describe('splitInlineCode', () => {
  it('separates backticked spans from the text around them', () => {
    expect(splitInlineCode('Use `len(names)` to count `names`.')).toEqual([
      { code: false, text: 'Use ' },
      { code: true, text: 'len(names)' },
      { code: false, text: ' to count ' },
      { code: true, text: 'names' },
      { code: false, text: '.' },
    ]);
  });

  it('leaves a line without backticks as one text part, and an empty line as none', () => {
    expect(splitInlineCode('3\n4')).toEqual([{ code: false, text: '3\n4' }]);
    expect(splitInlineCode('')).toEqual([]);
    expect(hasInlineCode('It prints 3')).toBe(false);
    expect(hasInlineCode('`x` is 3')).toBe(true);
  });

  it('keeps an unpaired backtick and an empty pair as text', () => {
    expect(splitInlineCode('`x` and a stray ` here')).toEqual([
      { code: true, text: 'x' },
      { code: false, text: ' and a stray ` here' },
    ]);
    expect(splitInlineCode('an empty `` pair')).toEqual([
      { code: false, text: 'an empty ' },
      { code: false, text: '``' },
      { code: false, text: ' pair' },
    ]);
  });
});

describe('InlineCode', () => {
  it('renders code spans as <code>', () => {
    expect(html('Call `print("hi")` once')).toBe('Call <code>print(&quot;hi&quot;)</code> once');
  });

  it('never turns text into markup, inside or outside code', () => {
    const out = html('<img src=x onerror=alert(1)> and `<b>bold</b>`');
    expect(out).not.toContain('<img');
    expect(out).not.toContain('<b>');
    expect(out).toBe('&lt;img src=x onerror=alert(1)&gt; and <code>&lt;b&gt;bold&lt;/b&gt;</code>');
  });
});
