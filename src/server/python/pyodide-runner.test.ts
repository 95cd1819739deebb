import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORK_DIR, type RunResult } from '#shared/content/python-checks.ts';
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
    const started = Date.now();
    const result = await runner.run({ code: 'while True:\n    pass', timeoutMs: 500 });
    expect(result.timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
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
    const started = Date.now();
    const [a, b] = await Promise.all([
      sealed.run({ code: 'import time\ntime.sleep(0.8)\nprint("a")' }),
      sealed.run({ code: 'import time\ntime.sleep(0.8)\nprint("b")' }),
    ]);
    expect([a.stdout, b.stdout]).toEqual(['a\n', 'b\n']);
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});

/*
 * Decision 0019: a learner's program that finds any road to a JavaScript object must still gain
 * nothing: no host file, no environment variable, no socket, no process, nothing written. Each
 * path below obtains a JavaScript object (a JsProxy) in its own way; all share one payload that
 * then tries every host power, so a path that works shows up as a power that was used.
 */
describe('the sandbox of the server checks', () => {
  const canary = `canary-${randomUUID()}`;
  const secret = `secret-${randomUUID()}`;
  let dir: string;
  let listener: Server;
  let port: number;
  let connections = 0;
  let sandbox: NodePyodideRunner;

  beforeAll(async () => {
    // Set before the pool starts, as a secret in the server's environment would be.
    process.env.INDENT_SANDBOX_CANARY = canary;
    dir = mkdtempSync(join(tmpdir(), 'indent-sandbox-'));
    writeFileSync(join(dir, 'secret.txt'), secret);
    listener = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;
    sandbox = await NodePyodideRunner.start({
      size: 1,
      wasmMemoryMb: 192,
      jsHeapMb: 256,
    });
  }, 60_000);

  afterAll(async () => {
    await sandbox.close();
    await new Promise((resolve) => listener.close(resolve));
    rmSync(dir, { recursive: true, force: true });
    delete process.env.INDENT_SANDBOX_CANARY;
  });

  /** What a program runs once it holds the JavaScript Function constructor: every host power. */
  const HOST_POWERS = `
    const out = [];
    const attempt = (label, action) => {
      try {
        out.push(label + ' ' + action());
      } catch (error) {
        out.push(label + ' refused: ' + error);
      }
    };
    const p = globalThis.process;
    const fs = p.getBuiltinModule('fs');
    attempt('read', () => fs.readFileSync(paths.secret, 'utf8'));
    attempt('environ', () => fs.readFileSync('/proc/self/environ', 'utf8'));
    attempt('env', () => p.env.INDENT_SANDBOX_CANARY);
    attempt('write', () => fs.writeFileSync(paths.written, 'x'));
    const spawn = 'env; echo x > ' + paths.spawned;
    attempt('spawn', () => p.getBuiltinModule('child_process').execSync(spawn, { encoding: 'utf8' }));
    attempt('socket', () => p.getBuiltinModule('net').connect(paths.port, '127.0.0.1'));
    return out.join('\\n');
  `;

  /** The program: `obtain` leaves some JavaScript object in `thing`, which leads to Function. */
  const payload = (obtain: string, tag: string): string => {
    const paths = JSON.stringify({
      secret: join(dir, 'secret.txt'),
      written: join(dir, `${tag}-written.txt`),
      spawned: join(dir, `${tag}-spawned.txt`),
      port,
    });
    return `${obtain}

import json
powers = thing.constructor.constructor("paths", ${JSON.stringify(HOST_POWERS)})
print(powers(json.loads(${JSON.stringify(paths)})))
`;
  };

  async function expectNothingGained(result: RunResult, tag: string, before: number) {
    // A socket opened during the run connects once the interpreter's event loop turns.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const seen = JSON.stringify(result);
    expect(seen).not.toContain(secret);
    expect(seen).not.toContain(canary);
    expect(seen).not.toContain(`PATH=${process.env.PATH}`);
    expect(existsSync(join(dir, `${tag}-written.txt`))).toBe(false);
    expect(existsSync(join(dir, `${tag}-spawned.txt`))).toBe(false);
    expect(connections).toBe(before);
  }

  const paths: Record<string, string> = {
    'the reported escape, pyodide.ffi.to_js': 'from pyodide.ffi import to_js\nthing = to_js({})',
    'a JavaScript function a Pyodide module holds': [
      'import pyodide.webloop',
      'thing = pyodide.webloop.scheduleCallback',
    ].join('\n'),
    'gc.get_objects': [
      'import gc',
      'to_js = next(o for o in gc.get_objects()',
      '    if isinstance(o, dict) and type(o.get("to_js")).__name__ == "builtin_function_or_method")["to_js"]',
      'thing = to_js({})',
    ].join('\n'),
    'gc.get_referrers of a module the program can import': [
      'import gc, sys',
      'to_js = next(d["to_js"] for d in gc.get_referrers(sys) if isinstance(d, dict) and "to_js" in d)',
      'thing = to_js({})',
    ].join('\n'),
    'sys.modules': [
      'import sys',
      'to_js = next(vars(m)["to_js"] for m in list(sys.modules.values())',
      '    if type(vars(m).get("to_js")).__name__ == "builtin_function_or_method")',
      'thing = to_js({})',
    ].join('\n'),
    'importlib, after forgetting the module': [
      'import importlib, sys',
      'for name in ("pyodide.ffi", "pyodide", "pyodide_js", "js"):',
      '    sys.modules.pop(name, None)',
      'thing = importlib.import_module("pyodide.ffi").to_js({})',
    ].join('\n'),
    '__import__ of the C module _pyodide_core, or creating it again': [
      'import sys, _imp, importlib.machinery',
      'sys.modules.pop("_pyodide_core", None)',
      'try:',
      '    core = __import__("_pyodide_core")',
      'except ImportError:',
      '    core = _imp.create_builtin(importlib.machinery.ModuleSpec("_pyodide_core", None))',
      'thing = core.to_js({})',
    ].join('\n'),
    "the harness's frames": [
      'import sys',
      'frame = sys._getframe()',
      'while frame.f_back is not None:',
      '    frame = frame.f_back',
      'thing = frame.f_globals["importlib"].import_module("pyodide.ffi").to_js({})',
    ].join('\n'),
    "whatever the harness's frames hold, directly or through modules": [
      'import sys, types',
      'seen = set()',
      'def js_objects(value, depth):',
      '    if id(value) in seen:',
      '        return',
      '    seen.add(id(value))',
      '    if "JsProxy" in [c.__name__ for c in type(value).__mro__]:',
      '        yield value',
      '    elif depth > 0 and isinstance(value, (dict, types.ModuleType)):',
      '        for inner in list((value if isinstance(value, dict) else vars(value)).values()):',
      '            yield from js_objects(inner, depth - 1)',
      'frame = sys._getframe(1)',
      'found = []',
      'while frame is not None:',
      '    found += js_objects(frame.f_locals, 4)',
      '    found += js_objects(frame.f_globals, 4)',
      '    frame = frame.f_back',
      'thing = found[0]',
    ].join('\n'),
    'a walk of everything a program can name: modules, builtins, every class, frames': [
      'import builtins, collections, sys, types',
      'roots = [dict(sys.modules), vars(builtins)]',
      'classes, todo = [], [object]',
      'while todo:',
      '    c = todo.pop()',
      '    if c not in classes:',
      '        classes.append(c)',
      '        todo += type.__subclasses__(c)',
      'roots.append(classes)',
      'frame = sys._getframe()',
      'while frame is not None:',
      '    roots += [frame.f_locals, frame.f_globals]',
      '    frame = frame.f_back',
      'ATTRIBUTES = ("__dict__", "__globals__", "__closure__", "__self__", "__func__", "__wrapped__",',
      '              "__defaults__", "__kwdefaults__", "__mro__", "cell_contents", "__objclass__")',
      'def inside(o):',
      '    if isinstance(o, dict):',
      '        return list(o.values())',
      '    if isinstance(o, (list, tuple, set, frozenset)):',
      '        return list(o)',
      '    found = []',
      '    for name in ATTRIBUTES:',
      '        try:',
      '            found.append(object.__getattribute__(o, name))',
      '        except Exception:',
      '            pass',
      '    return found',
      'def is_js(o):',
      '    return "JsProxy" in [c.__name__ for c in type(o).__mro__]',
      'def makes_js(o):',
      '    return type(o).__name__ == "builtin_function_or_method" and o.__name__ == "to_js"',
      'seen, queue, thing = set(), collections.deque(roots), None',
      'while queue and thing is None:',
      '    o = queue.popleft()',
      '    if id(o) in seen or isinstance(o, (str, bytes, int, float)):',
      '        continue',
      '    seen.add(id(o))',
      '    if is_js(o):',
      '        thing = o',
      '    elif makes_js(o):',
      '        thing = o({})',
      '    else:',
      '        queue.extend(inside(o))',
      'print("walked", len(seen))',
    ].join('\n'),
  };

  Object.entries(paths).forEach(([name, obtain], index) => {
    it(`gains nothing through ${name}`, async () => {
      const before = connections;
      const result = await sandbox.run({ code: payload(obtain, `path${index}`) });
      await expectNothingGained(result, `path${index}`, before);
    });
  });

  it('starts no shell from Python itself (os.system)', async () => {
    const marker = join(dir, 'system.txt');
    const result = await sandbox.run({
      code: `import os\nprint(os.system("env; echo x > ${marker}"))`,
    });
    expect(result).toMatchObject({ stdout: '-1\n', error: null });
    expect(existsSync(marker)).toBe(false);
    expect(JSON.stringify(result)).not.toContain(canary);
  });

  it('opens no socket from Python itself', async () => {
    const before = connections;
    const result = await sandbox.run({
      code: `import socket\nsocket.create_connection(("127.0.0.1", ${port}), timeout=2)`,
    });
    await expectNothingGained(result, 'socket', before);
  });
});
