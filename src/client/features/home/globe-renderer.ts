import createGlobe from 'cobe';
import { onThemeChange } from '#client/lib/theme.ts';
import { startAnimationLoop } from './animation-loop.ts';
import { parseHexColor, type Rgb } from './gradient-settings.ts';

/** SPEC 9: a 600x600 canvas turning 0.005 rad per frame, drawn from 25000 map samples, no markers. */
export const GLOBE = {
  sizePx: 600,
  radiansPerFrame: 0.005,
  mapSamples: 25_000,
} as const;

/** The globe's colours from the theme's tokens (tokens.css), with the light theme's as fallback. */
function globeColors(canvas: HTMLCanvasElement) {
  const style = getComputedStyle(canvas);
  const token = (name: string, fallback: Rgb): [number, number, number] => {
    const [r, g, b] = parseHexColor(style.getPropertyValue(name)) ?? fallback;
    return [r, g, b];
  };
  return {
    baseColor: token('--globe-base', [0.28, 0.31, 0.75]),
    markerColor: token('--globe-marker', [1, 0.78, 0.34]),
    glowColor: token('--globe-glow', [0.45, 0.5, 1]),
  };
}

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
    ...globeColors(canvas),
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
  // Dark mode (decision 0018): new colours on the next frame drawn, and at once while it is still.
  const stopWatchingTheme = onThemeChange(() => globe.update({ phi, ...globeColors(canvas) }));
  return () => {
    stopWatchingTheme();
    clearTimeout(redraw);
    stop();
    globe.destroy();
  };
}
