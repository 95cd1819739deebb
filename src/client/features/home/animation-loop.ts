import { frameSeconds } from './gradient-settings.ts';

export interface LoopOptions {
  /** Animation runs only while this element is on screen. */
  element: Element;
  /** Draws one frame; `seconds` is the capped time since the previous frame (0 for the first). */
  frame(seconds: number): void;
  /** Pause while the page scrolls, resuming this many milliseconds after the last scroll event. */
  scrollResumeDelayMs?: number;
}

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Runs `frame` on every animation frame while the element is visible, the page is not scrolling (when
 * asked) and the person has not asked for reduced motion; in that case one still frame is drawn.
 * Returns a function that stops everything.
 */
export function startAnimationLoop(options: LoopOptions): () => void {
  let visible = false;
  let scrolling = false;
  let handle: number | null = null;
  let previous: number | null = null;
  let scrollTimer: ReturnType<typeof setTimeout> | undefined;
  const motionQuery = window.matchMedia('(prefers-reduced-motion: reduce)');

  const shouldRun = () => visible && !scrolling && !reducedMotion();

  const tick = (now: number) => {
    handle = null;
    if (!shouldRun()) return;
    options.frame(frameSeconds(previous, now));
    previous = now;
    handle = requestAnimationFrame(tick);
  };

  const update = () => {
    if (shouldRun()) {
      if (handle === null) {
        previous = null;
        handle = requestAnimationFrame(tick);
      }
    } else if (handle !== null) {
      cancelAnimationFrame(handle);
      handle = null;
    }
  };

  const observer = new IntersectionObserver((entries) => {
    visible = entries.some((entry) => entry.isIntersecting);
    update();
  });
  observer.observe(options.element);

  const onScroll = () => {
    scrolling = true;
    update();
    clearTimeout(scrollTimer);
    scrollTimer = setTimeout(() => {
      scrolling = false;
      update();
    }, options.scrollResumeDelayMs);
  };
  if (options.scrollResumeDelayMs !== undefined) {
    window.addEventListener('scroll', onScroll, { passive: true });
  }
  motionQuery.addEventListener('change', update);

  // Always one still frame, so that reduced motion still shows the picture.
  options.frame(0);

  return () => {
    observer.disconnect();
    window.removeEventListener('scroll', onScroll);
    motionQuery.removeEventListener('change', update);
    clearTimeout(scrollTimer);
    if (handle !== null) cancelAnimationFrame(handle);
  };
}
