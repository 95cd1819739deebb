/** Text made safe to stand in HTML, as an element's text or a quoted attribute's value. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * A value as JSON to stand inside a script element: `<`, `>` and `&` escaped, so no text in it (a
 * learner's name, say) can close the element or open a comment. It parses to the same value.
 */
export function jsonInHtml(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026');
}
