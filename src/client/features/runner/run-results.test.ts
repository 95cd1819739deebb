import { describe, expect, it } from 'vitest';
import { exerciseCheckRuns, type PythonError } from '#shared/content/python-checks.ts';
import { checkResult, runResult, type RunOutcome } from './run-results.ts';

const done = (stdout: string, error: PythonError | null = null): RunOutcome => ({
  stdout,
  stderr: '',
  error,
  timedOut: false,
  stopped: false,
});

const nameError: PythonError = {
  type: 'NameError',
  mro: ['NameError', 'Exception', 'BaseException', 'object'],
  message: "name 'totl' is not defined",
  line: "NameError: name 'totl' is not defined",
  traceback:
    'Traceback (most recent call last):\n  File "main.py", line 2, in <module>\n    print(totl)\nNameError: name \'totl\' is not defined\n',
  phase: 'code',
  lineno: 2,
};

describe('runResult', () => {
  it('says a program finished, and whether it printed', () => {
    expect(runResult(done('hi\n'))).toEqual({ kind: 'finished', text: 'Your program finished.' });
    expect(runResult(done('')).text).toBe('Your program finished without printing anything.');
  });

  it('explains an error with its line and a hint', () => {
    const result = runResult(done('', nameError));
    expect(result.kind).toBe('error');
    expect(result.text).toBe("Line 2: NameError: name 'totl' is not defined");
    expect(result.kind === 'error' && result.report.hint).toContain('spelling');
  });

  it('tells a stopped run from one that ran out of time', () => {
    expect(runResult({ ...done(''), stopped: true })).toEqual({
      kind: 'stopped',
      text: 'You stopped the program.',
    });
    expect(runResult({ ...done(''), timedOut: true }).text).toBe(
      'Your program ran for more than 5 seconds and was stopped. Is there a loop that never ends?',
    );
  });
});

describe('checkResult', () => {
  const [stdoutCheck] = exerciseCheckRuns('print(greeting)', {
    check: { stdout: 'Hello\nWorld\n' },
    solution: 'print("Hello")\nprint("World")',
  });
  const [testsCheck] = exerciseCheckRuns('total = 6', {
    check: { tests: 'assert total == 6, "total should be 6"' },
    solution: 'total = 6',
  });
  if (!stdoutCheck || !testsCheck) throw new Error('every check has a first run');

  it('passes output that matches apart from trailing white space', () => {
    expect(checkResult(stdoutCheck, done('Hello  \nWorld\n\n'))).toEqual({
      kind: 'pass',
      text: 'Correct! Your output is exactly right.',
    });
  });

  it('fails different output and shows both texts', () => {
    expect(checkResult(stdoutCheck, done('Hello\nworld\n'))).toEqual({
      kind: 'fail',
      text: 'Not yet. Your output is not what was expected.',
      expected: 'Hello\nWorld',
      actual: 'Hello\nworld',
    });
  });

  it("shows the failing assertion's own message", () => {
    const failed: PythonError = {
      ...nameError,
      type: 'AssertionError',
      mro: ['AssertionError', 'Exception', 'BaseException', 'object'],
      message: 'total should be 6',
      line: 'AssertionError: total should be 6',
      phase: 'tests',
    };
    expect(checkResult(testsCheck, done('', failed))).toEqual({
      kind: 'fail',
      text: 'Not yet. total should be 6',
    });
  });

  it("explains an error in the learner's own code like Run does", () => {
    const result = checkResult(testsCheck, done('', nameError));
    expect(result.kind).toBe('error');
    expect(result.text).toBe("Not yet. Line 2: NameError: name 'totl' is not defined");
  });

  it('says which input a further case of the check was run with', () => {
    const steps = exerciseCheckRuns('print(1)', {
      check: { stdin: '65', stdout: 'Senior\n', also: [{ stdin: '8\n', stdout: 'Child\n' }] },
      solution: 'print("Senior")',
    });
    expect(steps.map((step) => step.request.stdin)).toEqual(['65', '8\n']);
    const second = steps[1];
    if (!second) throw new Error('two runs expected');
    expect(checkResult(second, done('Adult\n'))).toEqual({
      kind: 'fail',
      text: 'Not yet. When the input is "8": Your output is not what was expected.',
      expected: 'Child',
      actual: 'Adult',
    });
    expect(checkResult(second, done('Child\n')).kind).toBe('pass');
  });

  it('says which input Check typed when the first run fails or stops with an error', () => {
    const [first] = exerciseCheckRuns('age = int(input())\nprint(age + 1)', {
      check: { stdin: '45\n30\n', stdout: '46\n' },
      solution: 'print(int(input()) + 1)',
    });
    if (!first) throw new Error('every check has a first run');
    expect(checkResult(first, done('47\n')).text).toBe(
      'Not yet. When the input is "45", then "30": Your output is not what was expected.',
    );
    expect(checkResult(first, done('', nameError)).text).toBe(
      'Not yet. When the input is "45", then "30": Line 2: NameError: name \'totl\' is not defined',
    );
  });

  it('uses the time-limit and stop messages', () => {
    expect(checkResult(testsCheck, { ...done(''), timedOut: true }).kind).toBe('timeout');
    expect(checkResult(testsCheck, { ...done(''), stopped: true }).kind).toBe('stopped');
  });
});
