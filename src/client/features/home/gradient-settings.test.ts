import { describe, expect, it } from 'vitest';
import { frameSeconds, GRADIENT, parseHexColor, resolveColors } from './gradient-settings.ts';

describe('gradient settings', () => {
  it('keeps the numbers of SPEC 9', () => {
    expect(GRADIENT.heightPx).toBe(600);
    expect(GRADIENT.colorWaitFrames).toBe(200);
    expect(GRADIENT.scrollResumeDelayMs).toBe(200);
    expect(GRADIENT.maxFrameSeconds).toBeCloseTo(1 / 15);
    expect(GRADIENT.legendMinWidthPx).toBe(1111);
    expect(GRADIENT.loadedAfterMs).toBe(3000);
  });

  it('reads long and short hex colours and refuses other text', () => {
    expect(parseHexColor(' #ff0000 ')).toEqual([1, 0, 0]);
    expect(parseHexColor('#0f0')).toEqual([0, 1, 0]);
    expect(parseHexColor('')).toBeNull();
    expect(parseHexColor('rgb(1, 2, 3)')).toBeNull();
  });

  it('waits for the CSS colours for 200 frames, then uses the defaults', () => {
    const missing = ['', '', '', ''];
    expect(resolveColors(missing, 0)).toBeNull();
    expect(resolveColors(missing, 199)).toBeNull();
    const defaults = resolveColors(missing, 200);
    expect(defaults).toHaveLength(4);
    expect(defaults?.[0]).toEqual(parseHexColor('#12163a'));
    const given = resolveColors(['#000', '#fff', '#f00', '#00f'], 3);
    expect(given?.[1]).toEqual([1, 1, 1]);
  });

  it('caps the frame time at 1/15 s', () => {
    expect(frameSeconds(null, 1000)).toBe(0);
    expect(frameSeconds(1000, 1016)).toBeCloseTo(0.016);
    expect(frameSeconds(1000, 5000)).toBeCloseTo(1 / 15);
    expect(frameSeconds(1000, 900)).toBe(0);
  });
});
