/**
 * The numbers of the home page's animated gradient (SPEC 9) and the pure rules around them, kept apart
 * from the WebGL code so that they can be tested without a browser.
 */
export const GRADIENT = {
  /** Height of the canvas in CSS pixels. */
  heightPx: 600,
  /** Animation frames to wait for the CSS colour variables before falling back to the defaults. */
  colorWaitFrames: 200,
  /** While the page scrolls the animation pauses; it resumes this long after the last scroll event. */
  scrollResumeDelayMs: 200,
  /** Longest frame time fed to the animation, so that a stalled tab does not jump ahead. */
  maxFrameSeconds: 1 / 15,
  /** The legend is shown only on viewports wider than this. */
  legendMinWidthPx: 1111,
  /** The canvas's parent is marked loaded (and the canvas fades in) this long after start. */
  loadedAfterMs: 3000,
  /** The CSS variables holding the four colours (tokens.css). */
  colorVariables: [
    '--gradient-color-1',
    '--gradient-color-2',
    '--gradient-color-3',
    '--gradient-color-4',
  ],
  defaultColors: ['#12163a', '#3442b8', '#7c3aed', '#ffc857'],
} as const;

export type Rgb = readonly [number, number, number];

/** '#3442b8' or '#34b' to [r, g, b] in 0..1; null for anything else. */
export function parseHexColor(value: string): Rgb | null {
  const hex = value.trim().replace(/^#/, '');
  const full = /^[0-9a-f]{3}$/i.test(hex)
    ? hex
        .split('')
        .map((c) => c + c)
        .join('')
    : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255) as unknown as Rgb;
}

/**
 * The colours once all four CSS variables can be read; null while they cannot and the wait is not
 * over; the defaults once `frame` passes the wait (SPEC 9: up to 200 frames).
 */
export function resolveColors(values: readonly string[], frame: number): Rgb[] | null {
  const parsed = values.map(parseHexColor);
  if (parsed.length === 4 && parsed.every((c) => c !== null)) return parsed as Rgb[];
  if (frame < GRADIENT.colorWaitFrames) return null;
  return GRADIENT.defaultColors.map((c) => parseHexColor(c) as Rgb);
}

/** Seconds between two frames, capped (SPEC 9: about 1/15 s) and never negative. */
export function frameSeconds(previousMs: number | null, nowMs: number): number {
  if (previousMs === null) return 0;
  return Math.min(Math.max(0, (nowMs - previousMs) / 1000), GRADIENT.maxFrameSeconds);
}
