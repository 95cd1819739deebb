import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '#shared/content/python-checks.ts';
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

  /**
   * Waits until the listener has taken every connection the sandbox could have asked for: the
   * sandbox's event loop turns once more (another run's round trip), then a probe of our own
   * connects; the listener takes connections in the order they arrive, so once it has the probe it
   * has had any earlier one. The probe is not counted.
   */
  async function settleConnections(): Promise<void> {
    await sandbox.run({ code: 'pass' });
    const probed = new Promise<void>((resolve) => listener.once('connection', () => resolve()));
    const probe = createConnection(port, '127.0.0.1');
    probe.on('error', () => undefined);
    await probed;
    probe.destroy();
    connections--;
  }

  async function expectNothingGained(result: RunResult, tag: string, before: number) {
    await settleConnections();
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
