import createGlobe from 'cobe';
import { startAnimationLoop } from './animation-loop.ts';

/** SPEC 9: a 600x600 canvas turning 0.005 rad per frame, drawn from 25000 map samples, no markers. */
export const GLOBE = {
  sizePx: 600,
  radiansPerFrame: 0.005,
  mapSamples: 25_000,
} as const;

/** Starts the globe on the canvas; returns a function that stops and frees it. */
export function startGlobe(canvas: HTMLCanvasElement): () => void {
  // Above 2 the extra pixels cost far more than they show on a 600 px globe.
  const ratio = Math.min(window.devicePixelRatio || 1, 2);
  canvas.width = GLOBE.sizePx * ratio;
  canvas.height = GLOBE.sizePx * ratio;
  let phi = 0;
  const globe = createGlobe(canvas, {
    devicePixelRatio: ratio,
    width: GLOBE.sizePx * ratio,
    height: GLOBE.sizePx * ratio,
    phi,
    theta: 0.3,
    dark: 1,
    diffuse: 1.2,
    mapSamples: GLOBE.mapSamples,
    mapBrightness: 6,
    baseColor: [0.28, 0.32, 0.75],
    markerColor: [1, 0.78, 0.34],
    glowColor: [0.45, 0.5, 1],
    markers: [],
  });
  const stop = startAnimationLoop({
    element: canvas,
    frame(seconds) {
      // The first (still) frame does not turn; every later frame turns by the spec's step.
      if (seconds > 0) phi += GLOBE.radiansPerFrame;
      globe.update({ phi });
    },
  });
  // The map texture decodes asynchronously: redraw the still picture once it has had time to arrive.
  const redraw = setTimeout(() => globe.update({ phi }), 400);
  return () => {
    clearTimeout(redraw);
    stop();
    globe.destroy();
  };
}
