import { describe, expect, it } from 'vitest';
import {
  describeStep,
  sharedObjects,
  showValue,
  type TraceStep,
  type TraceValue,
} from './trace.ts';

const list = (id: number, ...items: string[]): TraceValue => ({
  id,
  type: 'list',
  items: items.map((r) => ({ r })),
});

function step(line: number, vars: [string, TraceValue][], out = 0, more?: TraceStep['frames']) {
  return {
    line,
    event: 'line',
    frames: [{ name: '<module>', line, vars }, ...(more ?? [])],
    out,
  } satisfies TraceStep;
}

describe('showValue', () => {
  it('shows values as Python prints them, nested lists and dicts included', () => {
    expect(showValue({ r: "'tea'" })).toBe("'tea'");
    expect(showValue(list(1, '1', '2'))).toBe('[1, 2]');
    expect(showValue({ id: 2, type: 'tuple', items: [{ r: '1' }] })).toBe('(1,)');
    expect(showValue({ id: 3, type: 'set', items: [] })).toBe('set()');
    expect(
      showValue({ id: 4, type: 'dict', entries: [[{ r: "'a'" }, list(5, '1')]], more: true }),
    ).toBe("{'a': [1], ...}");
    expect(showValue({ id: 6, type: 'list', cut: true })).toBe('list #6');
    expect(showValue({ id: 7, type: 'function', r: 'greet' })).toBe('function greet');
  });
});

describe('sharedObjects', () => {
  it('finds names bound to the same object, in every frame, and nothing else', () => {
    const one = step(3, [
      ['numbers', list(1, '1')],
      ['same', list(1, '1')],
      ['other', list(2, '1')],
      ['count', { r: '1' }],
    ]);
    expect([...sharedObjects(one)]).toEqual([[1, ['numbers', 'same']]]);
    const nested = step(7, [['numbers', list(1, '1')]], 0, [
      { name: 'add', line: 2, vars: [['items', list(1, '1')]] },
    ]);
    expect(sharedObjects(nested).get(1)).toEqual(['numbers (in Program)', 'items (in add())']);
  });
});

describe('describeStep', () => {
  it('says the step, the line and what changed', () => {
    const steps = [
      step(1, []),
      step(2, [['total', { r: '0' }]]),
      step(3, [['total', { r: '5' }]], 4),
      { line: 3, event: 'end', frames: [{ name: '<module>', line: 3, vars: [] }], out: 4 },
    ] satisfies TraceStep[];
    expect(describeStep(steps, 0)).toBe('Step 1 of 4, line 1.');
    expect(describeStep(steps, 1)).toBe('Step 2 of 4, line 2. New: total = 0.');
    expect(describeStep(steps, 2)).toBe(
      'Step 3 of 4, line 3. total is now 5. Something was printed.',
    );
    expect(describeStep(steps, 3)).toBe('Step 4 of 4: the program has finished.');
  });

  it('says when a function is called', () => {
    const steps = [
      step(7, [['numbers', list(1, '1')]]),
      step(7, [['numbers', list(1, '1')]], 0, [{ name: 'add', line: 2, vars: [] }]),
    ];
    expect(describeStep(steps, 1)).toBe('Step 2 of 2, line 7. Called add().');
  });
});
