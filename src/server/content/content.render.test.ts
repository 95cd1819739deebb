import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer } from './content.render.ts';

describe('markdown renderer: code blocks and the tab order (issue 26)', () => {
  it('puts no tabindex on highlighted code or output: the browser adds one only while a block scrolls', async () => {
    const renderer = await createMarkdownRenderer();
    const html = renderer.render(
      [
        '```python',
        'print("a line long enough that a narrow phone would have to scroll it sideways")',
        '```',
        '',
        '```output',
        'a line long enough that a narrow phone would have to scroll it sideways',
        '```',
        '',
        '```text',
        'plain text',
        '```',
      ].join('\n'),
    );
    expect(html.match(/<pre\b/g)).toHaveLength(3);
    expect(html).not.toMatch(/tabindex/i);
    // The copy button stays a real button, reachable by keyboard.
    expect(html.match(/<button type="button" class="code-copy"/g)).toHaveLength(2);
  });
});

describe('markdown renderer: a checkpoint’s explanation (issue 35)', () => {
  it('draws the prose between the reveal markers hidden, tied to its checkpoint, and leaves other comments alone', async () => {
    const renderer = await createMarkdownRenderer();
    const html = renderer.render(
      [
        'Before.',
        '',
        '```python checkpoint',
        'print(1 + 1)',
        '```',
        '',
        '```output',
        '2',
        '```',
        '',
        '```predict',
        'why: Addition.',
        '```',
        '',
        '<!-- reveal -->',
        'The two numbers are **added**.',
        '',
        '<!-- /reveal -->',
        '',
        '<!-- a note for writers -->',
        '',
        'After.',
      ].join('\n'),
      { onPython: () => ({ index: 7, checkpoint: true }) },
    );
    expect(html).toMatch(
      /<div class="checkpoint-reveal" data-reveal-for="7" hidden>\s*<p>The two numbers are <strong>added<\/strong>.<\/p>\s*<\/div>/,
    );
    expect(html).toContain('<!-- a note for writers -->');
    expect(html).not.toContain('<!-- reveal -->');
    // The checkpoint's output stays off the page.
    expect(html).not.toMatch(/class="code-output"/);
    expect(html.indexOf('After.')).toBeGreaterThan(html.indexOf('</div>'));
  });
});
