/**
 * The learner's last kind of input, kept on the root element as `data-input="keyboard"` or
 * `data-input="pointer"` (decision 0031). The browser's :focus-visible does this for controls, but
 * not for a heading a script focuses: there it is the input that led to the page change that
 * decides whether a ring helps. Until the first input the attribute is absent, and the ring shows.
 */
export function trackInputModality(root: HTMLElement = document.documentElement): () => void {
  const onKey = (event: KeyboardEvent) => {
    // A modifier held for a click (Ctrl+click opens a tab) is still the mouse.
    if (event.metaKey || event.ctrlKey || event.altKey) return;
    root.dataset.input = 'keyboard';
  };
  const onPointer = () => {
    root.dataset.input = 'pointer';
  };
  // Capture: a control that stops the event still tells us how the learner got there.
  document.addEventListener('keydown', onKey, true);
  document.addEventListener('pointerdown', onPointer, true);
  return () => {
    document.removeEventListener('keydown', onKey, true);
    document.removeEventListener('pointerdown', onPointer, true);
  };
}
