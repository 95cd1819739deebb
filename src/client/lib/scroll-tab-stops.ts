/*
 * A block of code or program output is a tab stop only while it actually scrolls.
 *
 * A keyboard user needs to focus a scrolling <pre> to scroll it with the arrow keys (and axe's
 * scrollable-region-focusable asks for it), but a tab stop on every block that fits made the module 3
 * lesson 77 Tab presses longer (issue 26). So no <pre> carries a tabindex of its own (the server asks
 * the highlighter for none, the runner's output panel sets none), and one watcher, started once by
 * the site layout, makes a block a tab stop while it is wider or taller than its box, and takes that
 * away when it fits again (a wider window, a shorter output).
 */

/** Lists the attributes this module added, so it never removes a tabindex, role or name a page set. */
const MARK = 'data-scroll-stop';

/**
 * The accessible name of a scrolling block that has none: what the lesson's wrappers say it is,
 * numbered in the page's order, since two regions may not share a name (a lesson has several
 * outputs that scroll on a phone).
 */
export function scrollRegionName(block: HTMLElement): string {
  const kinds = [
    ['.code-output', 'Output'],
    ['.code-block', 'Code example'],
  ] as const;
  for (const [wrapper, name] of kinds) {
    const own = block.closest(wrapper);
    if (!own) continue;
    const number = [...block.ownerDocument.querySelectorAll(wrapper)].indexOf(own) + 1;
    return `${name} ${number}, scrollable`;
  }
  return 'Scrollable text';
}

/** Whether the element's content is larger than its box (it has a scroll bar to move). */
export function scrolls(element: HTMLElement): boolean {
  // One pixel of slack: fractional layouts report scrollWidth one above clientWidth at times.
  return (
    element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1
  );
}

/**
 * Gives or takes away the block's tab stop, as it scrolls or fits now. A block without a role and
 * name of its own (the lesson's code) also gets `role="region"` and a name while it is a tab stop; a
 * block its owner named (the runner's output, a labelled group) keeps its own.
 */
export function updateScrollTabStop(block: HTMLElement): void {
  const added = block.getAttribute(MARK);
  if (scrolls(block)) {
    if (added !== null || block.hasAttribute('tabindex')) return;
    const names = ['tabindex'];
    block.tabIndex = 0;
    const named = block.hasAttribute('aria-label') || block.hasAttribute('aria-labelledby');
    if (!named && !block.hasAttribute('role')) {
      block.setAttribute('role', 'region');
      block.setAttribute('aria-label', scrollRegionName(block));
      names.push('role', 'aria-label');
    }
    block.setAttribute(MARK, names.join(' '));
  } else if (added !== null) {
    for (const name of added.split(' ')) block.removeAttribute(name);
    block.removeAttribute(MARK);
  }
}

/**
 * Watches every <pre> under `root`, now and as pages come and go: each is measured when it appears
 * and whenever its size changes. Returns the function that stops watching.
 */
export function watchScrollTabStops(root: HTMLElement, selector = 'pre'): () => void {
  const watched = new Set<HTMLElement>();
  const resize = new ResizeObserver((entries) => {
    for (const entry of entries) {
      if (entry.target instanceof HTMLElement) updateScrollTabStop(entry.target);
    }
  });

  const add = (block: HTMLElement) => {
    if (watched.has(block)) return;
    watched.add(block);
    // The first callback of observe() measures it.
    resize.observe(block);
  };

  const onMutations = (records: MutationRecord[]) => {
    for (const record of records) {
      const target = record.target instanceof Element ? record.target : record.target.parentElement;
      // Text can grow without the box changing size (an output panel capped in height): measure
      // the block the change happened in again.
      const inside = target?.closest<HTMLElement>(selector);
      if (inside && watched.has(inside)) updateScrollTabStop(inside);
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        if (node.matches(selector)) add(node);
        for (const block of node.querySelectorAll<HTMLElement>(selector)) add(block);
      }
    }
    for (const block of watched) {
      if (!block.isConnected) {
        resize.unobserve(block);
        watched.delete(block);
      }
    }
  };

  for (const block of root.querySelectorAll<HTMLElement>(selector)) add(block);
  const mutations = new MutationObserver(onMutations);
  mutations.observe(root, { childList: true, subtree: true, characterData: true });
  return () => {
    mutations.disconnect();
    resize.disconnect();
    watched.clear();
  };
}
