import { describe, expect, it } from 'vitest';
import { createWriteBatcher } from './write-batcher.ts';

/** A batch writer that doubles numbers and fails any batch holding a negative one. */
function doubling(maxBatch = 100) {
  const writes: number[][] = [];
  const write = createWriteBatcher<number, number>({
    maxBatch,
    write: (items) => {
      writes.push([...items]);
      if (items.some((n) => n < 0)) return Promise.reject(new Error(`negative in ${items.join()}`));
      return Promise.resolve(items.map((n) => n * 2));
    },
  });
  return { write, writes };
}

describe('write batcher', () => {
  it('writes the calls of one turn together and gives each caller its own result', async () => {
    const { write, writes } = doubling();
    const results = await Promise.all([write(1), write(2), write(3)]);
    expect(results).toEqual([2, 4, 6]);
    expect(writes).toEqual([[1, 2, 3]]);
  });

  it('starts a new write for calls made after the last one was sent', async () => {
    const { write, writes } = doubling();
    expect(await write(1)).toBe(2);
    expect(await write(2)).toBe(4);
    expect(writes).toEqual([[1], [2]]);
  });

  it('never writes more than maxBatch items at once', async () => {
    const { write, writes } = doubling(2);
    expect(await Promise.all([1, 2, 3, 4, 5].map(write))).toEqual([2, 4, 6, 8, 10]);
    expect(writes).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('fails only the bad item of a failed batch, after retrying the items one by one', async () => {
    const { write, writes } = doubling();
    const settled = await Promise.allSettled([write(1), write(-1), write(3)]);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : 'failed'))).toEqual([
      2,
      'failed',
      6,
    ]);
    expect(writes).toEqual([[1, -1, 3], [1], [-1], [3]]);
    const failure = settled[1];
    expect(failure?.status === 'rejected' && String(failure.reason)).toContain('negative in -1');
  });

  it('rejects every caller when a write returns too few results, instead of guessing', async () => {
    const write = createWriteBatcher<number, number>({
      maxBatch: 10,
      write: (items) => Promise.resolve(items.slice(1)),
    });
    const settled = await Promise.allSettled([write(1), write(2)]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
  });
});
