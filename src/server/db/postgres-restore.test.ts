import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
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
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

// The run book's PostgreSQL drill (docs/operations.md, issue 39): pg_dump of a database in use,
// pg_restore into a new database, and the app started on the restored one finds everything.
// Needs TEST_DATABASE_URL (a server whose user may create databases) and pg_dump/pg_restore.

const run = promisify(execFile);
const url = process.env.TEST_DATABASE_URL;
const suffix = randomBytes(4).toString('hex');
const names = { source: `indent_drill_src_${suffix}`, restored: `indent_drill_dst_${suffix}` };
const urlOf = (database: string) => {
  const u = new URL(url ?? 'postgres://localhost');
  u.pathname = `/${database}`;
  return u.toString();
};

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function appOn(databaseUrl: string) {
  const handle = openDatabase(databaseUrl, { poolSize: 3 });
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
  return t;
}

describe.skipIf(!url)('PostgreSQL backup drill: pg_dump, pg_restore, start', () => {
  const dir = mkdtempSync(join(tmpdir(), 'indent-pg-drill-'));
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    for (const name of Object.values(names))
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('restores a dump taken while the app runs into a new database, and the app starts on it', async () => {
    await admin(`CREATE DATABASE ${names.source}`);
    const source = await appOn(urlOf(names.source));
    const { jar, user } = await signInWithDevLogin(source, 'Drilled Learner', 'drill@example.com');
    await grantPaidAccess(source.database.db, user._id, new Date());
    const content = await testContent();
    const quiz = content.quizzes.get(content.quizList[0]?._id ?? '');
    const res = await source.app.inject({
      method: 'POST',
      url: '/api/submit-quiz',
      headers: browserHeaders(jar),
      payload: { userId: user._id, quizId: quiz?.slug, answers: quiz?.questions.map(() => '') },
    });
    expect(res.statusCode).toBe(200);

    // The run book's commands, with the app still serving on the source.
    const dump = join(dir, 'indent.dump');
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, urlOf(names.source)]);
    await source.app.close();
    await admin(`CREATE DATABASE ${names.restored}`);
    await run('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      `--dbname=${urlOf(names.restored)}`,
      dump,
    ]);

    const restored = await appOn(urlOf(names.restored));
    try {
      expect((await restored.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(
        200,
      );
      // The learner's session, access and attempt came across: the dashboard's quiz list shows it.
      const attempts = await restored.database.db
        .selectFrom('quiz_attempts')
        .select('quiz_id')
        .where('user_id', '=', user._id)
        .execute();
      expect(attempts.map((a) => a.quiz_id)).toEqual([quiz?.slug]);
      const me = await restored.app.inject({
        method: 'GET',
        url: `/api/user/${user.googleId}`,
        headers: browserHeaders(jar),
      });
      expect(me.statusCode).toBe(200);
      expect(me.json<{ stripeSubscriptionId?: string }>().stripeSubscriptionId).toBeDefined();
    } finally {
      await restored.app.close();
    }
  }, 120_000);
});
