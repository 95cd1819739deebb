import type { MouseEvent } from 'react';

/**
 * A link within the lesson moves the focus, not only the view, so the next Tab starts at the target
 * (a screen reader reads its heading) and the sticky navbar never covers it (scroll-padding).
 */
export function onJump(event: MouseEvent<HTMLAnchorElement>): void {
  const target = document.getElementById(decodeURIComponent(event.currentTarget.hash.slice(1)));
  if (!target) return;
  event.preventDefault();
  target.tabIndex = -1;
  target.focus();
}
