import { describe, expect, it } from 'vitest';
import { normalizeOutput, samePrediction } from './checkpoint-answers.ts';

describe('samePrediction', () => {
  it('ignores trailing spaces, trailing blank lines and CRLF line endings', () => {
    expect(samePrediction('False  \r\nTrue\n\n', 'False\nTrue\n')).toBe(true);
    expect(normalizeOutput('a \n b\n\n')).toBe('a\n b');
  });

  it('keeps leading spaces, case and inner blank lines significant', () => {
    expect(samePrediction(' 3', '3')).toBe(false);
    expect(samePrediction('true', 'True')).toBe(false);
    expect(samePrediction('1\n\n2', '1\n2')).toBe(false);
    expect(samePrediction('', '3')).toBe(false);
  });
});
