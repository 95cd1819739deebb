import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSandboxed } from './sandbox.ts';

// Decision 0019's claim that reaching the JavaScript realm of a check process gains nothing,
// tested without Python: a probe that holds `process` and Node's modules (more than any road out
// of Pyodide gives) runs in a process started exactly as the checks' are, after the same lock-down.

const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));

describe('a sandboxed process, reached', () => {
  const canary = `canary-${randomUUID()}`;
  let dir: string;
  let permissions: Record<string, string>;
  let lockedDown: Record<string, string>;

  beforeAll(async () => {
    process.env.INDENT_SANDBOX_CANARY = canary;
    dir = mkdtempSync(join(tmpdir(), 'indent-sandbox-probe-'));
    writeFileSync(join(dir, 'secret.txt'), 'secret');
    const child = spawnSandboxed(here('./sandbox-probe.fixture.mjs'), [
      here('./realm-lockdown.mjs'),
    ]);
    let text = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => (text += chunk));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin?.end(
      `${JSON.stringify({
        secret: join(dir, 'secret.txt'),
        written: join(dir, 'written.txt'),
        spawned: join(dir, 'spawned.txt'),
      })}\n`,
    );
    await exited;
    ({ permissions, lockedDown } = JSON.parse(text) as {
      permissions: Record<string, string>;
      lockedDown: Record<string, string>;
    });
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    delete process.env.INDENT_SANDBOX_CANARY;
  });

  it('compiles no JavaScript from strings', () => {
    expect(permissions.compileFunction).toMatch(/^refused: EvalError/);
    expect(permissions.compileEval).toMatch(/^refused: EvalError/);
  });

  it('has an empty environment', () => {
    expect(permissions.env).toBe('done: {}');
  });

  it('reads no file outside, writes none, starts nothing, opens no inspector or binding', () => {
    for (const power of ['read', 'environ', 'write', 'spawn', 'worker', 'inspector', 'binding']) {
      expect(permissions[power], power).toBe('refused: ERR_ACCESS_DENIED');
    }
    expect(existsSync(join(dir, 'written.txt'))).toBe(false);
    expect(existsSync(join(dir, 'spawned.txt'))).toBe(false);
    expect(JSON.stringify(permissions)).not.toContain(canary);
  });

  it('keeps, once locked down, only globals that reach nothing outside', () => {
    expect(lockedDown.globals).toBe(
      'console crypto decodeURI decodeURIComponent encodeURI encodeURIComponent escape eval isFinite isNaN parseFloat parseInt performance unescape',
    );
  });

  it('leaves `process`, once locked down, no power that reaches outside, even to code holding it', () => {
    for (const power of [
      'getBuiltinModule',
      'binding',
      'kill',
      'debugParent',
      'handles',
      'stdout',
    ]) {
      expect(lockedDown[power], power).toMatch(/^refused: TypeError/);
    }
  });
});
