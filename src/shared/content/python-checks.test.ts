import { describe, expect, it } from 'vitest';
import {
  exerciseCheckRuns,
  judgeBlock,
  judgeExercise,
  judgeOutputQuestion,
  normalizeAnswer,
  normalizeOutput,
  parseHarnessResult,
} from './python-checks.ts';
import type { PythonError, RunPhase, RunResult } from './python-checks.ts';

function ok(stdout: string): RunResult {
  return { stdout, stderr: '', error: null, timedOut: false };
}

function failed(
  type: string,
  mro: string[],
  message: string,
  phase: RunPhase = 'code',
  stdout = '',
): RunResult {
  const error: PythonError = {
    type,
    mro: [type, ...mro],
    message,
    line: message ? `${type}: ${message}` : type,
    traceback: '',
    phase,
    lineno: 2,
  };
  return { stdout, stderr: '', error, timedOut: false };
}

const timedOut: RunResult = { stdout: '', stderr: '', error: null, timedOut: true };

describe('normalizeOutput and normalizeAnswer', () => {
  it('ignore trailing white space on each line and blank lines at the end, not leading space', () => {
    expect(normalizeOutput('a  \r\n  b\t\n\n\n')).toBe('a\n  b');
    expect(normalizeAnswer('\n  42  \n')).toBe('42');
  });
});

describe('judgeExercise', () => {
  const stdoutCheck = { stdout: '1\n2\n' };
  const testsCheck = { tests: 'assert f() == 1, "f() should return 1"' };

  it('passes matching output, ignoring trailing white space', () => {
    expect(judgeExercise(stdoutCheck, ok('1 \n2\n\n')).passed).toBe(true);
  });

  it('fails other output and says what was expected', () => {
    expect(judgeExercise(stdoutCheck, ok('1\n3\n'))).toEqual({
      passed: false,
      message: 'Your output is not what was expected.',
      expected: '1\n2',
      actual: '1\n3',
    });
    expect(judgeExercise(stdoutCheck, ok('')).message).toBe('Your program printed nothing.');
  });

  it('shows a failing assert message as the learner message', () => {
    const result = failed('AssertionError', ['Exception'], 'f() should return 1', 'tests');
    expect(judgeExercise(testsCheck, result)).toEqual({ passed: false, message: 'f() should return 1' });
    expect(judgeExercise(testsCheck, failed('AssertionError', [], '', 'tests')).message).toBe(
      'A check did not pass, but it gave no reason.',
    );
  });

  it('passes tests that raise nothing, and tells apart errors in the code, the tests and the setup', () => {
    expect(judgeExercise(testsCheck, ok('')).passed).toBe(true);
    expect(judgeExercise(testsCheck, failed('NameError', [], "name 'x' is not defined")).message).toBe(
      "Your program stopped with an error (line 2): NameError: name 'x' is not defined",
    );
    expect(judgeExercise(testsCheck, failed('TypeError', [], 'f() takes 0 arguments', 'tests')).message).toBe(
      'Checking your code failed with TypeError: f() takes 0 arguments',
    );
    expect(judgeExercise(testsCheck, failed('OSError', [], 'disk', 'setup')).message).toMatch(
      /^The exercise's setup failed with OSError: disk/,
    );
  });

  it('fails a run that timed out', () => {
    expect(judgeExercise(stdoutCheck, timedOut, { timeoutMs: 5_000 }).message).toBe(
      'The program did not finish within 5 seconds. Look for a loop that never ends.',
    );
  });
});

describe('judgeBlock', () => {
  const run = { kind: 'run' as const, output: { text: 'hi\n', line: 3 } };
  const raises = { kind: 'raises' as const, raises: 'LookupError' };

  it('compares a run block with its output block, or with nothing', () => {
    expect(judgeBlock(run, ok('hi\n')).passed).toBe(true);
    expect(judgeBlock(run, ok('ho\n'))).toMatchObject({ passed: false, expected: 'hi', actual: 'ho' });
    expect(judgeBlock({ kind: 'run' }, ok('')).passed).toBe(true);
    expect(judgeBlock({ kind: 'run' }, ok('x')).message).toBe(
      'prints something but has no output block after it',
    );
  });

  it('fails a run block that raises, suggesting raises=', () => {
    expect(judgeBlock(run, failed('KeyError', ['LookupError'], "'k'")).message).toBe(
      "raised KeyError: 'k' (line 2) (mark the fence raises=KeyError if that is intended)",
    );
  });

  it('accepts the exact type or a subclass for raises=', () => {
    expect(judgeBlock(raises, failed('KeyError', ['LookupError', 'Exception'], "'k'")).passed).toBe(true);
    expect(judgeBlock(raises, failed('ValueError', ['Exception'], 'bad')).message).toBe(
      'raised ValueError: bad (line 2), which is not a LookupError',
    );
    expect(judgeBlock(raises, ok('fine\n')).message).toBe('ran without error, but the fence says raises=LookupError');
  });

  it('checks a raises= output block: printed lines, then the error line', () => {
    const block = { ...raises, output: { text: "before\nKeyError: 'k'\n", line: 9 } };
    expect(judgeBlock(block, failed('KeyError', ['LookupError'], "'k'", 'code', 'before\n')).passed).toBe(true);
    expect(judgeBlock(block, failed('KeyError', ['LookupError'], "'j'", 'code', 'before\n'))).toMatchObject({
      passed: false,
      expected: "before\nKeyError: 'k'",
      actual: "before\nKeyError: 'j'",
    });
  });

  it('never judges norun blocks', () => {
    expect(judgeBlock({ kind: 'norun' }, timedOut).passed).toBe(true);
  });
});

describe('judgeOutputQuestion', () => {
  it('compares the printed output with the correct answer, trimmed', () => {
    expect(judgeOutputQuestion('0 1 2', ok('0 1 2 \n')).passed).toBe(true);
    expect(judgeOutputQuestion('a\nb\n', ok('a\nb')).passed).toBe(true);
    expect(judgeOutputQuestion('3', ok('4\n'))).toMatchObject({ passed: false, expected: '3', actual: '4' });
    expect(judgeOutputQuestion('3', failed('ZeroDivisionError', [], 'division by zero')).message).toBe(
      'the code raised ZeroDivisionError: division by zero (line 2)',
    );
  });
});


describe('parseHarnessResult', () => {
  it('turns the harness JSON into a RunResult', () => {
    const json = JSON.stringify({
      stdout: 'x\n',
      stderr: '',
      error: { type: 'E', mro: ['E'], message: 'm', line: 'E: m', traceback: 't', phase: 'code', lineno: null },
    });
    expect(parseHarnessResult(json, true)).toEqual({
      stdout: 'x\n',
      stderr: '',
      error: { type: 'E', mro: ['E'], message: 'm', line: 'E: m', traceback: 't', phase: 'code' },
      timedOut: true,
    });
  });
});

describe('a check that compares with the solution', () => {
  const compare = { function: 'area', cases: ['2, 3'] };

  it('sends the solution with the first run only, beside the compare spec', () => {
    const runs = exerciseCheckRuns('def area(w, h): pass', {
      check: { stdin: '1', stdout: '6\n', compare, also: [{ stdin: '2', stdout: '6\n' }] },
      solution: 'def area(w, h):\n    return w * h',
    });
    expect(runs.map((run) => run.request.reference)).toEqual([
      'def area(w, h):\n    return w * h',
      undefined,
    ]);
    expect(runs[0]?.request.compare).toEqual(compare);
  });

  it('turns the harness’s first difference into the verdict, with a cause only where the case has one', () => {
    const failure = {
      kind: 'case',
      message: 'area(2, 3) should return 6, but your code returned 5.',
      expected: '6',
      got: '5',
      says: 'multiply the sides',
    } as const;
    const result = parseHarnessResult(
      JSON.stringify({ stdout: '', stderr: '', error: null, failure }),
      false,
    );
    expect(judgeExercise({}, result)).toEqual({
      passed: false,
      message: 'area(2, 3) should return 6, but your code returned 5. Multiply the sides.',
      expected: '6',
      actual: '5',
    });
    const plain = { ...failure, says: null };
    const without = parseHarnessResult(JSON.stringify({ stdout: '', stderr: '', error: null, failure: plain }), false);
    expect(judgeExercise({}, without).message).toBe('area(2, 3) should return 6, but your code returned 5.');
  });

  it('blames the exercise, not the learner, when the solution itself fails', () => {
    const result = parseHarnessResult(
      JSON.stringify({
        stdout: '',
        stderr: '',
        error: null,
        failure: { kind: 'solution', message: 'NameError: name x is not defined' },
      }),
      false,
    );
    expect(judgeExercise({}, result).message).toMatch(/fault in the exercise/);
  });

  it('a run with no difference passes', () => {
    const result = parseHarnessResult(JSON.stringify({ stdout: '', stderr: '', error: null, failure: null }), false);
    expect(result).toEqual(ok(''));
    expect(judgeExercise({}, result).passed).toBe(true);
  });
});
