import { describe, expect, it } from 'vitest';
import { countdownParts, msUntilEndOfDay } from './countdown.ts';

const local = (h: number, m: number, s: number, ms = 0) => new Date(2026, 10, 21, h, m, s, ms);

describe('the daily countdown', () => {
  it('counts down to 23:59:59.999 of the local day', () => {
    expect(msUntilEndOfDay(local(23, 59, 59, 999))).toBe(0);
    expect(msUntilEndOfDay(local(23, 59, 58, 999))).toBe(1000);
    expect(countdownParts(msUntilEndOfDay(local(16, 55, 50)))).toEqual({
      hours: '07',
      minutes: '04',
      seconds: '09',
    });
  });

  it('rolls over to a full day right after midnight', () => {
    expect(countdownParts(msUntilEndOfDay(local(0, 0, 0)))).toEqual({
      hours: '23',
      minutes: '59',
      seconds: '59',
    });
  });

  it('always shows two digits', () => {
    expect(countdownParts(0)).toEqual({ hours: '00', minutes: '00', seconds: '00' });
    expect(countdownParts(3_723_000)).toEqual({ hours: '01', minutes: '02', seconds: '03' });
  });
});
