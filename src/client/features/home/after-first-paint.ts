/** Calls `run` once the page has loaded and the browser is idle, so it never delays the first paint. */
export function afterFirstPaint(run: () => void): () => void {
  let cancelled = false;
  let cancelWait = () => {};
  const start = () => {
    if (!cancelled) run();
  };
  const schedule = () => {
    if (cancelled) return;
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(start, { timeout: 2000 });
      cancelWait = () => window.cancelIdleCallback(id);
    } else {
      const id = setTimeout(start, 200);
      cancelWait = () => clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    cancelWait();
  };
}

/** Whether this browser can draw WebGL at all (otherwise the static pictures stay). */
export function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}
