/*
 * A pre-rendered page shows its buttons before the app has taken the page over (decision 0021): until
 * then no handler is attached, and a click on Buy Now or a curriculum toggle would be lost without a
 * trace. These clicks are held and given to the same buttons once the app has hydrated the page.
 */

/** More would be a learner clicking at a page that looks stuck; replaying a storm helps nobody. */
const MOST_HELD = 10;

/**
 * Holds clicks on the buttons inside `root` (only there: nothing outside belongs to the app) and
 * returns the function that stops holding and clicks them again, in the order they came, skipping
 * buttons the app has removed or disabled since. Links are left alone: a browser follows them itself.
 */
export function holdEarlyClicks(root: HTMLElement): () => void {
  const held: HTMLButtonElement[] = [];
  const hold = (event: MouseEvent) => {
    if (!(event.target instanceof Element)) return;
    const button = event.target.closest('button');
    if (!button || !root.contains(button)) return;
    // A submit button would otherwise send its form as a plain page load, which the app never sees;
    // and React, listening on the root once hydration has begun, must not act on a click that will be
    // given again.
    event.preventDefault();
    event.stopPropagation();
    if (held.length < MOST_HELD) held.push(button);
  };
  document.addEventListener('click', hold, true);
  return () => {
    document.removeEventListener('click', hold, true);
    for (const button of held.splice(0)) {
      if (button.isConnected && !button.disabled) button.click();
    }
  };
}
