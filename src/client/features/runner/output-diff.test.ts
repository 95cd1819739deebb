import { describe, expect, it } from 'vitest';
import { diffLine, diffOutput } from './output-diff.ts';

describe('diffOutput', () => {
  it('marks a missing "!" and says where it goes', () => {
    const diff = diffOutput('Hello!\nWelcome, Ada!', 'Hello!\nWelcome, Ada');
    expect(diff.sentence).toBe('Your line 2 is missing an exclamation mark (`!`) at the end.');
    expect(diff.lines[0]).toEqual({ kind: 'same', text: 'Hello!' });
    const changed = diff.lines[1];
    if (changed?.kind !== 'changed') throw new Error('line 2 differs');
    expect(changed.expected).toEqual([
      { text: 'Welcome, Ada', changed: false },
      { text: '!', changed: true },
    ]);
    expect(changed.actual).toEqual([{ text: 'Welcome, Ada', changed: false }]);
  });

  it('counts a missing space, when a space is the only difference', () => {
    const diff = diffOutput('red, green, blue', 'red,green, blue');
    expect(diff.sentence).toBe('Your line 1 is missing a space after `red,`.');
    const line = diff.lines[0];
    if (line?.kind !== 'changed') throw new Error('the line differs');
    expect(line.expected).toEqual([
      { text: 'red,', changed: false },
      { text: ' ', changed: true },
      { text: 'green, blue', changed: false },
    ]);
    expect(diffOutput('Total:  5', 'Total: 5').sentence).toBe(
      'Your line 1 is missing a space after `Total:`.',
    );
    expect(diffOutput('  indented', 'indented').sentence).toBe(
      'Your line 1 is missing 2 spaces at the start.',
    );
  });

  it('names a character in place of another, and capitals', () => {
    expect(diffOutput('a, b', 'a; b').sentence).toBe(
      'Your line 1 has a semicolon (`;`) where a comma (`,`) is expected.',
    );
    expect(diffOutput('Hello World', 'Hello world').sentence).toBe(
      'Your line 1 has a `w` where a `W` is expected (capitals count).',
    );
    expect(diffOutput('Hi', 'Hi!!').sentence).toBe('Your line 1 has an extra `!!` at the end.');
  });

  it('says which line is missing, and which is extra', () => {
    const missing = diffOutput('1\n2\n3', '1\n3');
    expect(missing.sentence).toBe('Your output is missing line 2: `2`.');
    expect(missing.lines.map((l) => l.kind)).toEqual(['same', 'missing', 'same']);
    const extra = diffOutput('1\n2', '1\n2\nDone');
    expect(extra.sentence).toBe('Your line 3 is not expected: `Done`.');
    expect(extra.lines.at(-1)).toEqual({ kind: 'extra', text: 'Done' });
  });

  it('says how many more lines differ after the first', () => {
    expect(diffOutput('a!\nb!\nc!', 'a\nb\nc').sentence).toBe(
      'Your line 1 is missing an exclamation mark (`!`) at the end, and 2 more lines differ.',
    );
  });

  it('marks lines with little in common as a whole', () => {
    expect(diffLine('Goodbye', 'Hello').expected).toEqual([{ text: 'Goodbye', changed: true }]);
    expect(diffOutput('Goodbye', 'Hello').sentence).toBe(
      'Your line 1 has `Hello` where `Goodbye` is expected.',
    );
  });

  it('finds the first difference after a shared part on the other side', () => {
    expect(diffOutput('ab', 'aXb').sentence).toBe('Your line 1 has an extra `X` after `a`.');
    expect(diffOutput('a b', 'a   b').sentence).toBe('Your line 1 has 2 extra spaces after `a`.');
    expect(diffOutput('a b', 'a  b').sentence).toBe('Your line 1 has an extra space after `a`.');
  });
});
