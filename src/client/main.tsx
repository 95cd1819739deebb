import './styles/global.css';
import './styles/code-themes.css';

/*
 * The entry point. A pre-rendered page is painted before the app's code is run: evaluating React and
 * hydrating are the longest tasks of the load, and the page is readable without them. Its code is
 * already downloading meanwhile (the page preloads it). Pages the app draws itself start at once.
 * Decision 0021.
 */

/**
 * Resolves after the browser's next frame has been painted (a task queued from that frame), or after
 * 100 ms in a tab that paints no frames (opened in the background).
 */
function nextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}

if (document.getElementById('root')?.hasChildNodes()) await nextPaint();
await import('./app/start.tsx');
