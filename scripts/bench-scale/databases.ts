import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { DbEngine } from '#server/db/database.ts';
import { openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { postgresWriter } from './postgres-writer.ts';
import { sqliteWriter } from './sqlite-writer.ts';
import type { TableWriter } from './tables.ts';

/** A database the bench makes for itself, migrated like the server's, and drops at the end. */
export interface BenchDatabase {
  engine: DbEngine;
  label: string;
  /** DATABASE_URL for the server. */
  url: string;
  writer(): Promise<TableWriter>;
  /**
   * The processes that work for this database besides the app (PostgreSQL: the backends now
   * connected to it; SQLite runs inside the app's process: none).
   */
  processes(): Promise<number[]>;
  drop(): Promise<void>;
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The backends now connected to one database (on this machine's server). */
async function backends(adminUrl: string, name: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [name],
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

async function migrated(database: BenchDatabase): Promise<BenchDatabase> {
  const { db } = openDatabase(database.url);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  return database;
}

/** An SQLite file in a folder of its own under the system's temp folder. */
export function sqliteDatabase(label: string): Promise<BenchDatabase> {
  const dir = mkdtempSync(join(tmpdir(), `indent-bench-scale-${label}-`));
  const file = join(dir, 'bench.db');
  return migrated({
    engine: 'sqlite',
    label,
    url: `file:${file}`,
    writer: () => Promise.resolve(sqliteWriter(file)),
    processes: () => Promise.resolve([]),
    drop: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
  });
}

/**
 * A database of its own beside the one TEST_DATABASE_URL names (same server and user), so the test
 * suites' schemas in that database are never touched. Dropped with FORCE: no connection survives.
 */
export async function postgresDatabase(adminUrl: string, label: string): Promise<BenchDatabase> {
  const name = `indent_bench_scale_${process.pid}_${label}`;
  await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return migrated({
    engine: 'postgres',
    label,
    url: url.toString(),
    writer: () => postgresWriter(url.toString()),
    processes: () => backends(adminUrl, name),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  });
}
