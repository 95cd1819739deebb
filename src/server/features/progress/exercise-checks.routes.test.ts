import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserHeaders,
  createTestApp,
  grantPaidAccess,
  signInWithDevLogin,
  testContent,
  type Jar,
  type TestApp,
} from '../../testing/test-app.ts';

// Issue 21: a Check counts as solved only when the server's own run of the check passes, in a
// pool of sandboxed Pyodide processes with a time and memory limit. One process and a 1.5 s limit
// here, so a bad program holds the only interpreter and the test still ends quickly.
const TIMEOUT_MS = 1_500;

describe('server-side exercise checks', () => {
  let t: TestApp;
  let jar: Jar;
  let userId: string;
  const solutions = new Map<string, string>();
  const EXERCISE = 'm01-e1-first-words';

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PYTHON_CHECK_WORKERS: '1',
        PYTHON_CHECK_TIMEOUT_MS: String(TIMEOUT_MS),
        PYTHON_CHECK_MEMORY_MB: '128',
      },
    });
    for (const lesson of (await testContent()).lessons.values()) {
      for (const exercise of lesson.exercises) solutions.set(exercise.id, exercise.solution);
    }
    const signedIn = await signInWithDevLogin(t, 'Check Learner', 'check@example.com');
    jar = signedIn.jar;
    userId = signedIn.user._id;
    await grantPaidAccess(t.database.db, userId, new Date());
  }, 30_000);
  afterAll(async () => {
    await t.close();
  });

  // The browser claims a pass every time: only the server's own run decides.
  const check = (id: string, code: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/exercise-progress/${id}/checks`,
      headers: browserHeaders(jar),
      payload: { code, browserPassed: true },
    });
  const draft = (id: string, code: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/exercise-progress/${id}`,
      headers: browserHeaders(jar),
      payload: { code },
    });
  /** The server's verdict on a Check it answered. */
  const refused = (res: { statusCode: number; json: () => { passed: boolean } }) => {
    expect(res.statusCode).toBe(200);
    expect(res.json().passed).toBe(false);
  };
  const row = (id: string) =>
    t.database.db
      .selectFrom('exercise_progress')
      .selectAll()
      .where('user_id', '=', userId)
      .where('exercise_id', '=', id)
      .executeTakeFirst();

  it('refuses a passing claim whose code fails the check: kept, not solved', async () => {
    const res = await check(EXERCISE, 'print("not what the exercise asks")');
    refused(res);
    expect(res.json().progress.solved).toBe(false);
    expect((await row(EXERCISE))?.solved_at).toBeNull();
  }, 60_000);

  it('records a Check whose code passes, as verified by the server', async () => {
    const res = await check(EXERCISE, solutions.get(EXERCISE) ?? '');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ passed: true, progress: { solved: true } });
    const saved = await row(EXERCISE);
    expect(saved?.verified_at).not.toBeNull();
    expect(saved?.solved_at).not.toBeNull();
  });

  it('saves a draft without running anything, whatever it claims', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/exercise-progress/m01-e2-list-and-progress',
      headers: browserHeaders(jar),
      // Drafts kept on a device before issue 30 still carry a claim; the server ignores it.
      payload: { code: 'while True:\n    pass', solved: true },
    });
    expect(res.statusCode).toBe(200);
    expect((await row('m01-e2-list-and-progress'))?.verified_at).toBeNull();
  });

  it('stops an endless loop at the time limit while the server keeps answering', async () => {
    let loopEnded = false;
    const looping = check('m01-e3-fix-recipe-card', 'while True:\n    pass').finally(() => {
      loopEnded = true;
    });
    // While the only interpreter is busy, other requests (a draft save, the health check) answer.
    const saved = await draft('m01-e2-list-and-progress', 'print("draft")');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(saved.statusCode).toBe(200);
    expect(health.statusCode).toBeLessThan(500);
    expect(loopEnded).toBe(false);
    const res = await looping;
    refused(res);
    expect(res.json().message).toContain('did not finish within');
    expect((await row('m01-e3-fix-recipe-card'))?.solved_at).toBeNull();
  }, 30_000);

  it('stops a loop that swallows the interrupt by replacing its process', async () => {
    const code =
      'while True:\n    try:\n        while True:\n            pass\n    except BaseException:\n        pass';
    refused(await check('m01-e3-fix-recipe-card', code));
    // The next Check gets a fresh interpreter and is judged normally.
    const next = await check(
      'm01-e3-fix-recipe-card',
      solutions.get('m01-e3-fix-recipe-card') ?? '',
    );
    expect(next.json().passed).toBe(true);
  }, 60_000);

  it('ends an endless allocation with MemoryError, refused, and keeps checking', async () => {
    const res = await check(
      'm02-e1-gym-minutes',
      'keep = []\nwhile True:\n    keep.append(bytearray(8_000_000))',
    );
    refused(res);
    expect(res.json().message).toContain('MemoryError');
    expect((await row('m02-e1-gym-minutes'))?.solved_at).toBeNull();
    const next = await check('m02-e1-gym-minutes', solutions.get('m02-e1-gym-minutes') ?? '');
    expect(next.json().passed).toBe(true);
  }, 60_000);

  it('gives the reported escape to JavaScript nothing: no host file read, nothing written', async () => {
    const marker = join(tmpdir(), `indent-escape-${randomUUID()}`);
    const code = [
      'from pyodide.ffi import to_js',
      'p = to_js({}).constructor.constructor("return process")()',
      'fs = p.getBuiltinModule("fs")',
      'print("ENV has PATH:", "PATH=" in fs.readFileSync("/proc/self/environ", "utf8"))',
      `fs.writeFileSync(${JSON.stringify(marker)}, "escaped")`,
    ].join('\n');
    try {
      const res = await check('m01-e2-list-and-progress', code);
      refused(res);
      expect(res.json().message).not.toContain('ENV has PATH');
      expect(existsSync(marker)).toBe(false);
    } finally {
      rmSync(marker, { force: true });
    }
  }, 60_000);

  it('gives a program no network, no host files and no environment', async () => {
    const probe = 'import os\nprint(open("/etc/hostname").read(), os.environ.get("DATABASE_URL"))';
    const res = await check('m01-e2-list-and-progress', probe);
    refused(res);
    expect(res.json().message).toContain('FileNotFoundError');
  });
});
