import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer } from './content.render.ts';

/*
 * Code blocks carry both themes' colours (decision 0018), and every colour either theme gives a piece
 * of Python keeps WCAG AA (4.5:1) on that theme's background.
 */
function luminance(hex: string): number {
  const digits = hex.replace('#', '').slice(0, 6);
  const channels = [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi = 0, lo = 0] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const SAMPLE = [
  '```python',
  '# A comment, then most kinds of token a lesson shows',
  'import math',
  'from pathlib import Path',
  '',
  'class Basket:',
  '    """A docstring."""',
  '    def __init__(self, items: list[str] | None = None) -> None:',
  '        self.items = items or []',
  '',
  '@staticmethod',
  'def total(prices, rate=0.2, *args, **kwargs):',
  "    text = f'{sum(prices):.2f} {rate!r} \\n'",
  "    print(len(prices), True, False, None, 0x1F, 3.5e-2, r'raw', b'bytes')",
  '    return [p * (1 + rate) for p in prices if p > 0 and not p is None]',
  '```',
  '',
  '```output',
  'Traceback (most recent call last):',
  '```',
].join('\n');

describe('markdown renderer: code in both themes (issue 22)', () => {
  it('puts the light colours inline and the dark ones beside them, each AA on its background', async () => {
    const renderer = await createMarkdownRenderer();
    const html = renderer.render(SAMPLE);
    const pres = [...html.matchAll(/<pre class="shiki[^"]*" style="([^"]*)"/g)].map((m) => m[1] ?? '');
    expect(pres).toHaveLength(2);
    const failures: string[] = [];
    for (const style of pres) {
      const lightBg = /(?:^|;)background-color:(#[0-9a-f]{6})/i.exec(style)?.[1];
      const darkBg = /--shiki-dark-bg:(#[0-9a-f]{6})/i.exec(style)?.[1];
      expect(lightBg).toBeDefined();
      expect(darkBg).toBeDefined();
      const spans = [...html.matchAll(/<span style="color:(#[0-9a-f]{6,8});--shiki-dark:(#[0-9a-f]{6,8})/gi)];
      expect(spans.length).toBeGreaterThan(20);
      for (const [, light = '', dark = ''] of spans) {
        if (contrast(light, lightBg ?? '') < 4.5) failures.push(`light ${light} on ${lightBg}`);
        if (contrast(dark, darkBg ?? '') < 4.5) failures.push(`dark ${dark} on ${darkBg}`);
      }
    }
    expect([...new Set(failures)]).toEqual([]);
  });
});
