import { Fragment, type ReactNode } from 'react';

export type InlinePart = { code: boolean; text: string };

/**
 * Splits a short Markdown line into text and `backticked` code spans. Pure, so quiz text, hints and
 * explanations share one rule: a span runs from a backtick to the next one; an unpaired backtick
 * (which the content verifier forbids, but a learner never sees a crash for it) stays as text.
 */
export function splitInlineCode(text: string): InlinePart[] {
  const parts: InlinePart[] = [];
  let rest = text;
  for (;;) {
    const open = rest.indexOf('`');
    const close = open === -1 ? -1 : rest.indexOf('`', open + 1);
    if (open === -1 || close === -1) {
      if (rest) parts.push({ code: false, text: rest });
      return parts;
    }
    if (open > 0) parts.push({ code: false, text: rest.slice(0, open) });
    const code = rest.slice(open + 1, close);
    // An empty pair `` is not code; keep the two backticks as written.
    parts.push(code ? { code: true, text: code } : { code: false, text: '``' });
    rest = rest.slice(close + 1);
  }
}

/** Whether a line holds any code span. */
export function hasInlineCode(text: string): boolean {
  return splitInlineCode(text).some((part) => part.code);
}

/**
 * React nodes for a line with `backticked` parts shown as `<code>`. Everything is text to React,
 * so no markup in the line can reach the page as HTML.
 */
export function inlineCodeNodes(text: string): ReactNode[] {
  return splitInlineCode(text).map((part, i) =>
    part.code ? <code key={i}>{part.text}</code> : <Fragment key={i}>{part.text}</Fragment>,
  );
}

/** Shows `backticked` parts of a short Markdown line (a hint, a quiz answer) as code. */
export function InlineCode({ text }: { text: string }) {
  return <>{inlineCodeNodes(text)}</>;
}
