// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { updateScrollTabStop } from './scroll-tab-stops.ts';

/** A <pre> whose content is `content` pixels wide in a box `box` pixels wide (jsdom has no layout). */
function block(html: string, content: number, box = 300): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  document.body.append(holder);
  const pre = holder.querySelector('pre');
  if (!pre) throw new Error('no pre');
  Object.defineProperty(pre, 'scrollWidth', { configurable: true, get: () => content });
  Object.defineProperty(pre, 'clientWidth', { configurable: true, get: () => box });
  Object.defineProperty(pre, 'scrollHeight', { configurable: true, get: () => 100 });
  Object.defineProperty(pre, 'clientHeight', { configurable: true, get: () => 100 });
  return pre;
}

afterEach(() => {
  document.body.replaceChildren();
});

const resize = (pre: HTMLElement, content: number) =>
  Object.defineProperty(pre, 'scrollWidth', { configurable: true, get: () => content });

describe('scroll tab stops (issue 26)', () => {
  it('a lesson code block that fits is no tab stop and has no role or name', () => {
    const pre = block('<div class="code-block"><pre>print(1)</pre></div>', 300);
    updateScrollTabStop(pre);
    expect(pre.hasAttribute('tabindex')).toBe(false);
    expect(pre.hasAttribute('role')).toBe(false);
    expect(pre.hasAttribute('aria-label')).toBe(false);
  });

  it('one that scrolls becomes a named region tab stop, and stops being one when it fits again', () => {
    const pre = block('<div class="code-block"><pre>print(1)</pre></div>', 900);
    updateScrollTabStop(pre);
    expect(pre.getAttribute('tabindex')).toBe('0');
    expect(pre.getAttribute('role')).toBe('region');
    expect(pre.getAttribute('aria-label')).toBe('Code example 1, scrollable');

    resize(pre, 290);
    updateScrollTabStop(pre);
    expect(pre.hasAttribute('tabindex')).toBe(false);
    expect(pre.hasAttribute('role')).toBe(false);
    expect(pre.hasAttribute('aria-label')).toBe(false);
  });

  it('names output blocks as output, each with its number, so no two regions share a name', () => {
    const first = block('<div class="code-output"><pre>1</pre></div>', 900);
    const second = block('<div class="code-output"><pre>2</pre></div>', 900);
    updateScrollTabStop(first);
    updateScrollTabStop(second);
    expect(first.getAttribute('aria-label')).toBe('Output 1, scrollable');
    expect(second.getAttribute('aria-label')).toBe('Output 2, scrollable');
  });

  it("keeps the owner's role and name, and takes back only the tab stop it added", () => {
    const pre = block('<pre role="group" aria-label="Output of A greeting">hi</pre>', 900);
    updateScrollTabStop(pre);
    expect(pre.getAttribute('tabindex')).toBe('0');
    expect(pre.getAttribute('role')).toBe('group');
    expect(pre.getAttribute('aria-label')).toBe('Output of A greeting');
    resize(pre, 100);
    updateScrollTabStop(pre);
    expect(pre.hasAttribute('tabindex')).toBe(false);
    expect(pre.getAttribute('role')).toBe('group');
    expect(pre.getAttribute('aria-label')).toBe('Output of A greeting');
  });

  it('never touches a block that set its own tabindex', () => {
    const pre = block('<pre tabindex="-1">x</pre>', 300);
    updateScrollTabStop(pre);
    resize(pre, 900);
    updateScrollTabStop(pre);
    expect(pre.getAttribute('tabindex')).toBe('-1');
    expect(pre.hasAttribute('role')).toBe(false);
  });
});
