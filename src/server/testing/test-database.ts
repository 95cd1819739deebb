import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

export interface TestDatabase extends DatabaseHandle {
  /** Drops everything this test database created. */
  destroy(): Promise<void>;
  /** Runs the remaining migrations (all have run unless `upTo` was given). */
  migrate(): Promise<void>;
}

/**
 * A fresh, migrated (up to `upTo` when given) database for one test file: a new SQLite file in a temp folder, or, when
 * TEST_DATABASE_URL is set, a new schema in that PostgreSQL database. Failing to reach PostgreSQL
 * is an error, never a silent fallback to SQLite.
 */
export async function createTestDatabase(options: { upTo?: string } = {}): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), 'indent-test-'));
    const handle = openDatabase(`file:${join(dir, 'test.db')}`);
    const migrate = () => migrateToLatest(handle.db);
    await migrateToLatest(handle.db, { upTo: options.upTo });
    return {
      ...handle,
      migrate,
      destroy: async () => {
        // The app under test may already have closed it (its onClose hook does).
        await handle.db.destroy().catch(() => undefined);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  const handle = openDatabase(url, { searchPath: schema, poolSize: 5 });
  const migrate = () => migrateToLatest(handle.db, { schema });
  await migrateToLatest(handle.db, { schema, upTo: options.upTo });
  return {
    ...handle,
    migrate,
    destroy: async () => {
      await handle.db.destroy().catch(() => undefined);
      // A separate connection, because the app under test may already have closed the pool.
      const cleaner = new pg.Client({ connectionString: url });
      await cleaner.connect();
      try {
        await cleaner.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await cleaner.end();
      }
    },
  };
}
