import { describe, expect, it } from 'vitest';
import { escapeHtml, jsonInHtml } from './html.ts';

describe('text placed in HTML', () => {
  it('escapes the characters that end text or a quoted attribute', () => {
    expect(escapeHtml(`Tom & "Jerry" <b>'s</b>`)).toBe(
      'Tom &amp; &quot;Jerry&quot; &lt;b&gt;&#39;s&lt;/b&gt;',
    );
  });

  it('writes JSON that cannot close its script element and parses back to the same value', () => {
    const value = { name: 'Eve </script><!-- & more' };
    const json = jsonInHtml(value);
    expect(json).not.toMatch(/[<>&]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
