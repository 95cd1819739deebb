import { describe, expect, it } from 'vitest';
import { outputDiff } from './output-diff.ts';

describe('outputDiff', () => {
  it('marks removed and added lines and elides far-away equal lines', () => {
    const expected = ['1', '2', '3', '4', '5', '6', '7'].join('\n');
    const actual = ['1', '2', '3', '4', '5', 'six', '7'].join('\n');
    expect(outputDiff(expected, actual)).toBe('  ...\n  4\n  5\n- 6\n+ six\n  7');
  });

  it('shows missing and extra output', () => {
    expect(outputDiff('a\nb', 'a')).toBe('  a\n- b');
    expect(outputDiff('', 'x')).toBe('+ x');
  });

  it('caps long diffs', () => {
    const many = Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n');
    const diff = outputDiff(many, '', 10).split('\n');
    expect(diff).toHaveLength(11);
    expect(diff[10]).toBe('  ... (40 more lines)');
  });
});
