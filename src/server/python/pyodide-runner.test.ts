import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORK_DIR } from '#shared/content/python-harness.ts';
import { NodePyodideRunner } from './pyodide-runner.ts';

// The harness (src/shared/content/python-checks.ts) is exercised through the real Node runner:
// these are the promises the verifier and the browser both rely on.

let runner: NodePyodideRunner;

beforeAll(async () => {
  runner = await NodePyodideRunner.start();
});

afterAll(async () => {
  await runner.close();
});

describe('the Python harness in Pyodide', () => {
  it('captures output and runs as __main__', async () => {
    const result = await runner.run({
      code: 'print("a", 1)\nprint(__name__)\nimport sys\nprint("e", file=sys.stderr)',
    });
    expect(result).toEqual({
      stdout: 'a 1\n__main__\n',
      stderr: 'e\n',
      error: null,
      timedOut: false,
    });
  });

  it('feeds input() from stdin without echo, prompts printed without a newline', async () => {
    const result = await runner.run({
      code: 'name = input("Name: ")\nage = int(input("Age: "))\nprint("Hi", name, age + 1)',
      stdin: 'Ada\n36',
    });
    expect(result.stdout).toBe('Name: Age: Hi Ada 37\n');
  });

  it('raises EOFError with a clear message when input runs out', async () => {
    const result = await runner.run({ code: 'input()\ninput()', stdin: 'only one line' });
    expect(result.error).toMatchObject({
      type: 'EOFError',
      phase: 'code',
      lineno: 2,
      line: 'EOFError: input() was called, but there is no more input: the program asked for more lines than it was given',
    });
  });

  it('has our turtle (decision 0033), which records instead of drawing and starts blank each run', async () => {
    const code =
      'import turtle\nfor _ in range(4):\n    turtle.forward(50)\n    turtle.left(90)\n' +
      'print(len(turtle._drawing()["items"]), round(turtle.distance(0, 0), 9))';
    for (let run = 0; run < 2; run += 1) {
      expect((await runner.run({ code, tests: 'assert turtle.heading() == 0' })).stdout).toBe(
        '4 0.0\n',
      );
    }
  });

  it('runs a program in several files: its modules are in the working folder first (program_files.py)', async () => {
    const code =
      'import greet\nimport os\nprint(greet.hello("Ada"))\nprint(sorted(os.listdir(".")))\nprint(missing)\n' +
      '# file: greet.py\ndef hello(name):\n    return "Hello, " + name\n';
    const result = await runner.run({ code });
    expect(result.stdout).toBe("Hello, Ada\n['greet.py']\n");
    expect(result.error).toMatchObject({ type: 'NameError', lineno: 5 });
    expect((await runner.run({ code: 'import greet' })).error?.type).toBe('ModuleNotFoundError');
  });

  it('gives every run a fresh namespace', async () => {
    await runner.run({ code: 'secret = 42' });
    const result = await runner.run({ code: 'print(secret)' });
    expect(result.error?.line).toBe("NameError: name 'secret' is not defined");
  });

  it('gives every run a fresh, empty working folder at the front of sys.path', async () => {
    const first = await runner.run({
      code: 'import os, sys\nprint(os.getcwd(), sys.path[0], os.listdir("."))\nopen("notes.txt", "w").write("x")',
    });
    expect(first.stdout).toBe(`${WORK_DIR} ${WORK_DIR} []\n`);
    const second = await runner.run({ code: 'import os\nprint(os.listdir("."))' });
    expect(second.stdout).toBe('[]\n');
  });

  it('imports a module the program has just written, and forgets it afterwards', async () => {
    const write = 'with open("helper.py", "w") as f:\n    f.write("VALUE = 7\\n")\n';
    const first = await runner.run({ code: `${write}import helper\nprint(helper.VALUE)` });
    expect(first.stdout).toBe('7\n');
    const changed = await runner.run({
      code: `${write.replace('7', '8')}import helper\nprint(helper.VALUE)`,
    });
    expect(changed.stdout).toBe('8\n');
    const gone = await runner.run({ code: 'import helper' });
    expect(gone.error?.line).toBe("ModuleNotFoundError: No module named 'helper'");
  });

  it('runs setup first in the same folder, with its output and names hidden', async () => {
    const result = await runner.run({
      setup:
        'with open("data.txt", "w") as f:\n    f.write("hello")\nhidden = 1\nprint("setup noise")',
      code: 'print(open("data.txt").read())\nprint("hidden" in globals())',
    });
    expect(result).toMatchObject({ stdout: 'hello\nFalse\n', error: null });
  });

  it('runs tests after the code in the same namespace', async () => {
    const code = 'def area(w, h):\n    return w + h';
    const tests =
      'assert "area" in globals(), "Define area"\nassert area(2, 3) == 6, "area(2, 3) should be 6"';
    const result = await runner.run({ code, tests });
    expect(result.error).toMatchObject({
      type: 'AssertionError',
      message: 'area(2, 3) should be 6',
      phase: 'tests',
      lineno: 2,
    });
    const passed = await runner.run({ code: code.replace('+', '*'), tests });
    expect(passed.error).toBeNull();
  });

  it('does not run the tests when the code fails', async () => {
    const result = await runner.run({ code: '1 / 0', tests: 'assert False, "tests ran"' });
    expect(result.error).toMatchObject({ type: 'ZeroDivisionError', phase: 'code' });
  });

  it('reports the class MRO, the last traceback line and a traceback without harness frames', async () => {
    const result = await runner.run({ code: 'prices = {}\nprint("before")\nprices["tea"]' });
    expect(result.stdout).toBe('before\n');
    expect(result.error).toMatchObject({
      type: 'KeyError',
      mro: ['KeyError', 'LookupError', 'Exception', 'BaseException', 'object'],
      message: "'tea'",
      line: "KeyError: 'tea'",
      lineno: 3,
    });
    expect(result.error?.traceback).toBe(
      'Traceback (most recent call last):\n  File "main.py", line 3, in <module>\n    prices["tea"]\n    ~~~~~~^^^^^^^\nKeyError: \'tea\'\n',
    );
  });

  it('prints error lines as Python does: qualified names, suggestions, syntax errors', async () => {
    const line = async (code: string) => (await runner.run({ code })).error?.line;
    expect(await line('import json\njson.loads("")')).toBe(
      'json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)',
    );
    expect(await line('total = 1\nprint(totl)')).toBe(
      "NameError: name 'totl' is not defined. Did you mean: 'total'?",
    );
    expect(await line('print("hi"')).toBe("SyntaxError: '(' was never closed");
    expect(await line('class BadAge(Exception):\n    pass\nraise BadAge("too young")')).toBe(
      'BadAge: too young',
    );
  });

  it('treats sys.exit() as a normal end and sys.exit(1) as an error', async () => {
    expect(
      (await runner.run({ code: 'import sys\nprint(1)\nsys.exit()\nprint(2)' })).error,
    ).toBeNull();
    expect((await runner.run({ code: 'import sys\nsys.exit(1)' })).error?.type).toBe('SystemExit');
  });

  it('stops a program that prints without end', async () => {
    const result = await runner.run({ code: 'while True:\n    print("x" * 1000)' });
    expect(result.error?.line).toBe(
      'OutputLimitExceeded: the program printed more than 1,000,000 characters',
    );
  });

  it('interrupts an endless loop at the time limit and keeps working', async () => {
    const before = runner.restarts;
    const result = await runner.run({ code: 'while True:\n    pass', timeoutMs: 500 });
    expect(result.timedOut).toBe(true);
    // Interrupted inside the same interpreter, not killed and started again.
    expect(runner.restarts).toBe(before);
    expect((await runner.run({ code: 'print("still here")' })).stdout).toBe('still here\n');
  });

  it('replaces the process when a program swallows the interrupt', async () => {
    const before = runner.restarts;
    const result = await runner.run({
      code: 'while True:\n    try:\n        while True:\n            pass\n    except BaseException:\n        pass',
      timeoutMs: 300,
    });
    expect(result.timedOut).toBe(true);
    expect((await runner.run({ code: 'print("new process")' })).stdout).toBe('new process\n');
    expect(runner.restarts).toBe(before + 1);
  }, 20_000);
});

describe('a check that compares with the solution, in the sandbox', () => {
  const reference = 'def total(prices):\n    return round(sum(prices), 2)\n';
  const generate =
    'def cases(rng):\n    return [([rng.randint(-5, 99) / 4 for _ in range(rng.randint(0, 6))],) for _ in range(20)]\n';

  it('refuses hard-coded examples on a generated case, the same one for the same seed', async () => {
    const code =
      'def total(prices):\n    if prices == [1.5, 2]:\n        return 3.5\n    return 0\n';
    const compare = { function: 'total', cases: ['[1.5, 2]'], generate, seed: 3 };
    const first = await runner.run({ code, reference, compare });
    expect(first.error).toBeNull();
    expect(first.failure?.kind).toBe('case');
    expect(first.failure?.got).toBe('0');
    expect((await runner.run({ code, reference, compare })).failure).toEqual(first.failure);
  });

  it('refuses code that empties the caller’s list, and passes a right answer written differently', async () => {
    const emptying =
      'def total(prices):\n    t = 0\n    while prices:\n        t += prices.pop(0)\n    return round(t, 2)\n';
    const compare = { function: 'total', generate };
    const refused = await runner.run({ code: emptying, reference, compare });
    expect(refused.failure?.message).toMatch(/changed what it was given/);
    const right = 'def total(prices):\n    return round(sum(p for p in prices), 2)\n';
    expect((await runner.run({ code: right, reference, compare })).failure).toBeUndefined();
  });

  it('names a broken rule', async () => {
    const compare = { rules: [{ use: 'while' as const }] };
    const result = await runner.run({ code: 'for i in []:\n    pass', reference, compare });
    expect(result.failure).toEqual({
      kind: 'rule',
      message: 'This exercise asks you to use a `while` loop, and your code has none.',
    });
  });
});

describe('a pool with a memory limit (the server checks)', () => {
  let sealed: NodePyodideRunner;

  beforeAll(async () => {
    sealed = await NodePyodideRunner.start({
      size: 2,
      wasmMemoryMb: 192,
      jsHeapMb: 256,
    });
  }, 60_000);

  afterAll(async () => {
    await sealed.close();
  });

  it('has no road to JavaScript, the network or the host files', async () => {
    const probes = {
      js: 'import js\nprint(js.fetch)',
      pyodideJs: 'import pyodide_js',
      http: 'from pyodide.http import pyfetch',
      code: 'from pyodide.code import run_js',
      backAgain: 'import sys\ndel sys.modules["pyodide_js"]\nimport pyodide_js',
      hostFile: 'print(open("/etc/hostname").read())',
      environment: 'import os\nprint(os.environ.get("DATABASE_URL"))',
      socket: 'import urllib.request\nurllib.request.urlopen("http://127.0.0.1:9/")',
    };
    const results = Object.fromEntries(
      await Promise.all(
        Object.entries(probes).map(async ([name, code]) => [name, await sealed.run({ code })]),
      ),
    );
    expect(results.js.error?.type).toBe('ModuleNotFoundError');
    expect(results.pyodideJs.error?.type).toBe('ModuleNotFoundError');
    expect(results.http.error?.type).toBe('ModuleNotFoundError');
    expect(results.code.error?.type).toBe('ModuleNotFoundError');
    expect(results.backAgain.error?.type).toBe('ModuleNotFoundError');
    expect(results.hostFile.error?.type).toBe('FileNotFoundError');
    expect(results.environment.stdout).toBe('None\n');
    expect(results.socket.error).not.toBeNull();
  });

  it('keeps the standard library after the seal, without the bridge to JavaScript or ctypes', async () => {
    const ordinary = await sealed.run({
      code: [
        'import collections, csv, datetime, json, math, os, random, re, statistics, time',
        'time.sleep(0.01)',
        'print(math.sqrt(16), json.dumps({"a": 1}), len(os.urandom(4)), datetime.date(2026, 1, 2))',
      ].join('\n'),
    });
    expect(ordinary).toMatchObject({ stdout: '4.0 {"a": 1} 4 2026-01-02\n', error: null });
    for (const name of ['pyodide', '_pyodide_core', 'ctypes', 'micropip']) {
      const refused = await sealed.run({ code: `import ${name}` });
      expect(refused.error?.type, name).toBe('ModuleNotFoundError');
    }
  });

  it('ends an endless allocation in MemoryError and keeps working', async () => {
    const result = await sealed.run({
      code: 'chunks = []\nwhile True:\n    chunks.append(bytearray(10_000_000))',
    });
    expect(result.error?.type).toBe('MemoryError');
    expect((await sealed.run({ code: 'print(sum(range(10)))' })).stdout).toBe('45\n');
  }, 30_000);

  it('runs programs side by side, one per interpreter', async () => {
    const both = Promise.all([
      sealed.run({ code: 'import time\ntime.sleep(0.8)\nprint("a")' }),
      sealed.run({ code: 'import time\ntime.sleep(0.8)\nprint("b")' }),
    ]);
    // Each took an interpreter of its own: neither waits for the other.
    expect(sealed.queued).toBe(0);
    const [a, b] = await both;
    expect([a.stdout, b.stdout]).toEqual(['a\n', 'b\n']);
  });
});

/*
 * Decision 0019: a learner's program that finds any road to a JavaScript object must still gain
 * nothing: no host file, no environment variable, no socket, no process, nothing written. Each
 * path below obtains a JavaScript object (a JsProxy) in its own way; all share one payload that
 * then tries every host power, so a path that works shows up as a power that was used.
 */
