import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './time-ordered-id.ts';

describe('time-ordered ids', () => {
  it('are UUID version 7 with the time in the first 48 bits', () => {
    const at = Date.UTC(2026, 10, 21, 12, 0, 0);
    const id = timeOrderedId(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
  });

  it('sort by time and never repeat', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => timeOrderedId(1_800_000_000_000 + i));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(Array.from({ length: 10_000 }, () => timeOrderedId())).size).toBe(10_000);
  });
});
