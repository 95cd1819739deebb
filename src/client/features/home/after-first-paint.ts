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

/**
 * Whether this browser draws WebGL on a GPU. Without one (no WebGL, or only a software renderer such
 * as SwiftShader or llvmpipe, which would spend the CPU on every frame of a decoration) the static
 * pictures stay.
 */
export function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl', { failIfMajorPerformanceCaveat: true });
    if (!gl) return false;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = String(
      gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '',
    );
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return !/swiftshader|llvmpipe|softpipe|software/i.test(renderer);
  } catch {
    return false;
  }
}
