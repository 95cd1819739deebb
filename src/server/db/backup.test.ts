import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadEnv } from '../env.ts';
import {
  browserHeaders,
  fakeClientDir,
  grantPaidAccess,
  signInWithDevLogin,
  testContent,
  type TestApp,
} from '../testing/test-app.ts';
import { runBackupCommand } from './backup.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { holdServerLock } from './server-lock.ts';

// npm run admin -- backup / restore (issue 39) on SQLite: a copy taken while quiz submissions keep
// arriving is whole and holds every submission acknowledged before it began; restore refuses while
// a server holds the file, and an app started on the restored file finds the learner's attempts.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serverOn(file: string) {
  const handle = openDatabase(`file:${file}`);
  await migrateToLatest(handle.db);
  const app = await buildApp({
    env: loadEnv({ NODE_ENV: 'test', CLIENT_DIR: fakeClientDir() }),
    ...handle,
    content: await testContent(),
  });
  await app.ready();
  const t: TestApp = {
    app,
    database: { ...handle, destroy: async () => undefined, migrate: async () => undefined },
    close: () => app.close(),
  };
  cleanups.push(() => app.close());
  return t;
}

function output() {
  const lines = { out: [] as string[], err: [] as string[] };
  return {
    lines,
    io: {
      out: (text: string) => lines.out.push(text),
      err: (text: string) => lines.err.push(text),
    },
  };
}

const attemptsIn = async (file: string, userId: string) => {
  const { db } = openDatabase(`file:${file}`);
  try {
    const row = await db
      .selectFrom('quiz_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await db.destroy();
  }
};

describe('npm run admin -- backup / restore (SQLite)', () => {
  it('copies the live database under a write load: whole, checked, every acknowledged submission in it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'indent-backup-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const live = join(dir, 'live.db');
    const t = await serverOn(live);
    const { jar, user } = await signInWithDevLogin(t, 'Busy Learner', 'busy@example.com');
    await grantPaidAccess(t.database.db, user._id, new Date());
    const content = await testContent();
    const quiz = content.quizzes.get(content.quizList[0]?._id ?? '');
    const answers = quiz?.questions.map((q) => q.answers[q.correct] ?? '') ?? [];

    let acknowledged = 0;
    let stop = false;
    const writer = async () => {
      while (!stop) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/submit-quiz',
          headers: browserHeaders(jar),
          payload: { userId: user._id, quizId: quiz?.slug, answers },
        });
        expect(res.statusCode).toBe(200);
        acknowledged += 1;
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    while (acknowledged < 40) await new Promise((resolve) => setImmediate(resolve));

    const before = acknowledged;
    const target = join(dir, 'copy.db');
    const { lines, io } = output();
    expect(await runBackupCommand(['backup', target], `file:${live}`, io)).toBe(0);
    const afterBackup = acknowledged;
    stop = true;
    await Promise.all(writers);

    expect(lines.out[0]).toMatch(
      /^Backed up .* to .*copy\.db: \d+ pages, \d+ tables, integrity ok/,
    );
    // The server kept answering while the copy was taken.
    expect(afterBackup).toBeGreaterThan(before);
    const copied = await attemptsIn(target, user._id);
    expect(copied).toBeGreaterThanOrEqual(before);
    expect(copied).toBeLessThanOrEqual(acknowledged);
  }, 60_000);

  it('refuses a backup over an existing file, a missing database and PostgreSQL (exit 2, one line)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'indent-backup-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const live = join(dir, 'live.db');
    await serverOn(live);
    const cases: [string[], string, RegExp][] = [
      [['backup', live], `file:${live}`, /cannot be written over the database itself/],
      [['backup', `${live}-wal`], `file:${live}`, /exists already; name a new file/],
      [['backup', join(dir, 'a.db')], `file:${join(dir, 'none.db')}`, /There is no database/],
      [['backup'], `file:${live}`, /^Usage: npm run admin -- backup FILE$/],
      [['backup', 'x.dump'], 'postgres://u@h:5432/db', /pg_dump .* pg_restore/],
      [['restore', 'x.dump'], 'postgres://u@h:5432/db', /pg_dump .* pg_restore/],
    ];
    for (const [argv, url, message] of cases) {
      const { lines, io } = output();
      expect(await runBackupCommand(argv, url, io)).toBe(2);
      expect(lines.err).toHaveLength(1);
      expect(lines.err[0]).toMatch(message);
    }
  });

  it('restores only once no server runs on the database, keeping the old one; an app then starts on it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'indent-restore-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const live = join(dir, 'live.db');
    const first = await serverOn(live);
    const { jar, user } = await signInWithDevLogin(first, 'Kept Learner', 'kept@example.com');
    await grantPaidAccess(first.database.db, user._id, new Date());
    const content = await testContent();
    const quiz = content.quizzes.get(content.quizList[0]?._id ?? '');
    const submit = () =>
      first.app.inject({
        method: 'POST',
        url: '/api/submit-quiz',
        headers: browserHeaders(jar),
        payload: { userId: user._id, quizId: quiz?.slug, answers: quiz?.questions.map(() => '') },
      });
    expect((await submit()).statusCode).toBe(200);
    const backup = join(dir, 'backup.db');
    expect(await runBackupCommand(['backup', backup], `file:${live}`, output().io)).toBe(0);
    // After the backup: a second attempt, which the restore takes back.
    expect((await submit()).statusCode).toBe(200);

    const lock = holdServerLock(live);
    const refused = output();
    expect(await runBackupCommand(['restore', backup], `file:${live}`, refused.io)).toBe(2);
    expect(refused.lines.err[0]).toMatch(
      new RegExp(
        `^A server is running on .*live\\.db \\(pid ${process.pid} on .*\\): stop it first`,
      ),
    );
    expect(await attemptsIn(live, user._id)).toBe(2);

    lock.release();
    await first.app.close();
    const done = output();
    expect(await runBackupCommand(['restore', backup], `file:${live}`, done.io)).toBe(0);
    expect(done.lines.out[0]).toMatch(
      /^Restored .*backup\.db to .*live\.db\. The database it replaced is kept as .*before-restore-/,
    );
    const kept = readdirSync(dir).find((name) => name.startsWith('live.db.before-restore-'));
    expect(kept && (await attemptsIn(join(dir, kept), user._id))).toBe(2);
    expect(existsSync(`${live}-wal`)).toBe(false);

    const second = await serverOn(live);
    expect((await second.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    expect(await attemptsIn(live, user._id)).toBe(1);
    const missing = output();
    expect(
      await runBackupCommand(['restore', join(dir, 'nope.db')], `file:${live}`, missing.io),
    ).toBe(2);
    expect(missing.lines.err[0]).toMatch(/There is no backup at/);
  }, 60_000);

  it('forgets the marker of a server that died without removing it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'indent-restore-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const live = join(dir, 'live.db');
    await serverOn(live);
    const backup = join(dir, 'backup.db');
    expect(await runBackupCommand(['backup', backup], `file:${live}`, output().io)).toBe(0);
    // A pid no process has (above the kernel's pid_max): as if its server was killed with -9.
    holdServerLock(live, 2 ** 22 + 1);
    const restored = output();
    expect(await runBackupCommand(['restore', backup], `file:${live}`, restored.io)).toBe(0);
    expect(restored.lines.err).toEqual([]);
  }, 60_000);
});
