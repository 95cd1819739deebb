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
