import { describe, expect, it } from 'vitest';
import { fixExerciseRule } from './exercise-rules.ts';
import { fencedBlocks } from '#shared/content/fenced-blocks.ts';
import {
  checkpointCountRule,
  checkpointGapRule,
  checkpointOptionsRule,
  giveAwayRule,
  diagramCountRule,
} from './lesson-rules.ts';

const words = (n: number): string => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
const checkpoint =
  '```python checkpoint\nprint(1)\n```\n\n```output\n1\n```\n\n```predict\nwhy: One.\n```';

/** The prose lines and checkpoint fence lines of a lesson made of these parts. */
function lesson(parts: readonly string[]): {
  prose: ReturnType<typeof fencedBlocks>['prose'];
  lines: number[];
} {
  const markdown = parts.join('\n\n');
  const { blocks, prose } = fencedBlocks(markdown);
  return { prose, lines: blocks.filter((b) => b.info.includes('checkpoint')).map((b) => b.line) };
}

describe('checkpointCountRule', () => {
  it('passes 5 checkpoints and fails 4', () => {
    expect(checkpointCountRule(5)).toEqual([]);
    expect(checkpointCountRule(4)[0]?.message).toBe('has 4 checkpoints; a lesson needs at least 5');
  });
});

describe('checkpointGapRule', () => {
  it('passes 500 words before, between and after checkpoints', () => {
    const { prose, lines } = lesson([words(500), checkpoint, words(500), checkpoint, words(500)]);
    expect(checkpointGapRule(prose, lines)).toEqual([]);
  });

  it('fails 501 words before the first, between two, and after the last, with the line', () => {
    const { prose, lines } = lesson([
      words(501),
      checkpoint,
      '## Next', // "Next" is a word of the stretch too: 501
      words(500),
      checkpoint,
      words(501),
    ]);
    const findings = checkpointGapRule(prose, lines);
    expect(findings.map((f) => [f.line, f.message])).toEqual([
      [1, '501 words of prose before the first checkpoint; at most 500 may pass without one'],
      [
        15,
        '501 words of prose between the checkpoints at lines 3 and 19; at most 500 may pass without one',
      ],
      [
        31,
        '501 words of prose after the last checkpoint (line 19); at most 500 may pass without one',
      ],
    ]);
  });

  it('does not count a diagram line as prose', () => {
    const alt = `![${words(40)}](box.svg)`;
    const { prose, lines } = lesson([words(480), alt, checkpoint]);
    expect(checkpointGapRule(prose, lines)).toEqual([]);
  });

  it('fails a lesson with no checkpoint and more than 500 words', () => {
    const { prose, lines } = lesson([words(600)]);
    expect(checkpointGapRule(prose, lines)).toHaveLength(1);
  });
});

describe('diagramCountRule', () => {
  it('passes one diagram and fails none', () => {
    expect(diagramCountRule(1)).toEqual([]);
    expect(diagramCountRule(0)[0]?.message).toBe('has no diagram; a lesson needs at least one');
  });
});

const opts = (...outputs: string[]) => outputs.map((output) => ({ output, whyNot: 'A mix-up.' }));

describe('checkpointOptionsRule', () => {
  it('passes exactly one option equal to the output, ignoring trailing white space', () => {
    expect(checkpointOptionsRule(opts('2', '3 ', '1'), '3\n')).toEqual([]);
    expect(checkpointOptionsRule(opts('a\nb\n', 'a', 'b'), 'a  \nb\n\n')).toEqual([]);
  });

  it('passes a typed checkpoint (no options)', () => {
    expect(checkpointOptionsRule(null, 'anything')).toEqual([]);
  });

  it('fails when no option is the output, showing the output', () => {
    expect(checkpointOptionsRule(opts('2', '4', '1'), '3\n')[0]?.message).toBe(
      'no option is the real output, which is:\n    3',
    );
  });

  it('fails when more than one option is the output', () => {
    expect(checkpointOptionsRule(opts('3', '3 ', '1'), '3')[0]?.message).toBe(
      'options 1 and 2 are all the real output',
    );
  });

  it('does not forgive leading white space, which is part of the output', () => {
    expect(checkpointOptionsRule(opts(' 3', '2', '1'), '3')).toHaveLength(1);
  });

  it('wants a why-not on every wrong option, and none on the right one', () => {
    const options = [{ output: '3' }, { output: '2', whyNot: 'Counts from 0.' }, { output: '1' }];
    expect(checkpointOptionsRule(options, '3').map((f) => f.message)).toEqual([
      'option 3 is wrong but does not say why not',
    ]);
  });
});

describe('giveAwayRule', () => {
  const prose = (lines: string[]) => lines.map((text, i) => ({ line: i + 1, text }));
  const code = 'name = "Ada"\nprint(name.upper() + "!")\n';
  const at = (line: number, more: Partial<Parameters<typeof giveAwayRule>[1]> = {}) => ({
    line,
    code,
    from: 0,
    to: Infinity,
    ...more,
  });

  it('finds the output quoted before the checkpoint, but not a short common one', () => {
    const long = prose(['## Upper case', 'The next line prints `LOVELACE!`.', '']);
    expect(giveAwayRule(long, at(4), 'LOVELACE!\n').map((f) => f.line)).toEqual([2]);
    const short = prose(['## Upper case', 'Calling it gives `ADA!` here.', '']);
    expect(giveAwayRule(short, at(4), 'ADA!\n')).toEqual([]);
  });

  it('finds it right under the checkpoint, unless it is inside the checkpoint’s reveal', () => {
    const lines = prose(['## Upper case', '', '', '', '', 'So it printed `LOVELACE!`.']);
    expect(giveAwayRule(lines, at(3), 'LOVELACE!').map((f) => f.line)).toEqual([6]);
    const revealed = at(3, { reveal: { start: 5, end: 7 } });
    expect(giveAwayRule(lines, revealed, 'LOVELACE!')).toEqual([]);
  });

  it('reads only its own stretch: after the last heading or checkpoint, before the next ones', () => {
    const lines = prose(['It prints `LOVELACE!`.', '## Next', 'Something else.', '']);
    expect(giveAwayRule(lines, at(5), 'LOVELACE!')).toEqual([]);
    const earlier = prose(['It prints `LOVELACE!`.', 'More.', '']);
    expect(giveAwayRule(earlier, at(5, { from: 1 }), 'LOVELACE!')).toEqual([]);
    const later = prose(['', '', 'Text.', '## Later', 'It prints `LOVELACE!`.', 'x', 'y']);
    expect(giveAwayRule(later, at(2), 'LOVELACE!')).toEqual([]);
    expect(
      giveAwayRule(prose(['', '', '', 'It prints `LOVELACE!`.']), at(2, { to: 3 }), 'LOVELACE!'),
    ).toEqual([]);
  });

  it('does not count what the code itself shows', () => {
    const shown = 'print("Hello, world!")\n';
    const quote = prose(['The text `Hello, world!` is in quotes.']);
    expect(giveAwayRule(quote, { ...at(3), code: shown }, 'Hello, world!')).toEqual([]);
  });
});

describe('fixExerciseRule', () => {
  it('wants a fix exercise from module 3 on', () => {
    expect(fixExerciseRule(2, [{}, { kind: 'write' }])).toEqual([]);
    expect(fixExerciseRule(3, [{}, { kind: 'fix' }])).toEqual([]);
    expect(fixExerciseRule(3, [{}, { kind: 'write' }])[0]?.message).toBe(
      'has no `kind: fix` exercise; every module from 3 on needs one',
    );
  });
});
