import { describe, expect, it } from 'vitest';
import type { PythonError } from '#shared/content/python-checks.ts';
import { describeError, errorHint, timeoutMessage, trimTraceback } from './friendly-errors.ts';

// Tracebacks exactly as the shared harness returns them from Pyodide.
const JSON_TRACEBACK = [
  'Traceback (most recent call last):',
  '  File "main.py", line 2, in <module>',
  '    json.loads("{")',
  '    ~~~~~~~~~~^^^^^',
  '  File "/lib/python313.zip/json/__init__.py", line 346, in loads',
  '    return _default_decoder.decode(s)',
  '           ~~~~~~~~~~~~~~~~~~~~~~~^^^',
  '  File "/lib/python313.zip/json/decoder.py", line 345, in decode',
  '    obj, end = self.raw_decode(s, idx=_w(s, 0).end())',
  'json.decoder.JSONDecodeError: Expecting value: line 1 column 2 (char 1)',
  '',
].join('\n');

function error(overrides: Partial<PythonError>): PythonError {
  return {
    type: 'NameError',
    mro: ['NameError', 'Exception', 'BaseException', 'object'],
    message: "name 'y' is not defined",
    line: "NameError: name 'y' is not defined",
    traceback: '',
    phase: 'code',
    ...overrides,
  };
}

describe('trimTraceback', () => {
  it("keeps only the learner's frames: library frames are left out", () => {
    expect(trimTraceback(JSON_TRACEBACK)).toBe(
      [
        'Traceback (most recent call last):',
        '  File "main.py", line 2, in <module>',
        '    json.loads("{")',
        '    ~~~~~~~~~~^^^^^',
        'json.decoder.JSONDecodeError: Expecting value: line 1 column 2 (char 1)',
      ].join('\n'),
    );
  });

  it('keeps every frame of the learner, including functions and modules they wrote', () => {
    const tb = [
      'Traceback (most recent call last):',
      '  File "main.py", line 3, in <module>',
      '    print(f(0))',
      '  File "/home/learner/helpers.py", line 2, in f',
      '    return 10 / n',
      'ZeroDivisionError: division by zero',
    ].join('\n');
    expect(trimTraceback(tb)).toBe(tb);
  });

  it('leaves a syntax error (no frames) as it is', () => {
    const tb = '  File "main.py", line 1\n    if True\n           ^\nSyntaxError: expected \':\'\n';
    expect(trimTraceback(tb)).toBe(tb.trimEnd());
  });
});

describe('errorHint', () => {
  it.each([
    'SyntaxError',
    'IndentationError',
    'NameError',
    'TypeError',
    'ValueError',
    'IndexError',
    'KeyError',
    'ZeroDivisionError',
    'AttributeError',
  ])('explains %s in one sentence', (type) => {
    const hint = errorHint({ type, mro: [type] });
    expect(hint).toBeDefined();
    expect(hint?.split(/\.\s/)).toHaveLength(1);
  });

  it('gives a subclass its parent hint, and nothing for rare errors', () => {
    expect(errorHint({ type: 'JSONDecodeError', mro: ['JSONDecodeError', 'ValueError'] })).toBe(
      errorHint({ type: 'ValueError', mro: ['ValueError'] }),
    );
    expect(errorHint({ type: 'OSError', mro: ['OSError', 'Exception'] })).toBeUndefined();
  });

  it('says what to do when input() runs out of lines', () => {
    expect(errorHint({ type: 'EOFError', mro: ['EOFError'] })).toContain('one line for each');
  });
});

describe('describeError', () => {
  it('gives the error line, where it happened, a hint and the trimmed traceback', () => {
    const report = describeError(error({ lineno: 2, traceback: JSON_TRACEBACK }));
    expect(report.summary).toBe("NameError: name 'y' is not defined");
    expect(report.where).toBe('Line 2');
    expect(report.hint).toContain('spelling');
    expect(report.traceback).not.toContain('decoder.py');
  });

  it("shows Python's own suggestion and the line to highlight", () => {
    const report = describeError(
      error({
        lineno: 3,
        line: "NameError: name 'totl' is not defined. Did you mean: 'total'?",
      }),
    );
    expect(report.lineno).toBe(3);
    expect(report.suggestion).toBe("Did you mean: 'total'?");
    const missing = describeError(
      error({ line: "NameError: name 'math' is not defined. Did you forget to import 'math'?" }),
    );
    expect(missing.suggestion).toBe("Did you forget to import 'math'?");
    expect(describeError(error({})).suggestion).toBeUndefined();
  });

  it("leaves out the runner's own frames", () => {
    const tb = [
      'Traceback (most recent call last):',
      '  File "<indent-worker>", line 190, in _traced_run_source',
      '    exec(code, namespace)',
      '  File "main.py", line 3, in <module>',
      '    print(totl)',
      '          ^^^^',
      "NameError: name 'totl' is not defined",
    ].join('\n');
    expect(trimTraceback(tb)).not.toContain('indent-worker');
    expect(trimTraceback(tb)).toContain('File "main.py", line 3');
  });

  it('does not point at a line of the hidden tests', () => {
    expect(describeError(error({ lineno: 4, phase: 'tests' })).where).toBeUndefined();
  });
});

it('words the time-limit message as the issue asks', () => {
  expect(timeoutMessage()).toBe(
    'Your program ran for more than 5 seconds and was stopped. Is there a loop that never ends?',
  );
});
