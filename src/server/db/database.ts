import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type LogEvent, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { createQueryTimings, type QueryTimings } from './query-timings.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type DbEngine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  engine: DbEngine;
  /** Every statement's time, for the app's metrics (query-timings.ts). */
  queries: QueryTimings;
}

export interface OpenOptions {
  /** PostgreSQL only: tables live in this schema (tests give each file its own). */
  searchPath?: string;
  poolSize?: number;
  /** Kysely's query log: `npm run bench:scale` times each query behind an endpoint with it. */
  log?: (event: LogEvent) => void;
}

/**
 * Kysely prepares every query afresh; preparing costs more than running our small queries, so the
 * prepared statements are kept by their SQL text (our queries are few and parameterised, so the
 * cache stays small; it is emptied if it ever grows past the limit). Only one query runs at a time
 * on the single SQLite connection, so a statement is never used by two queries at once.
 */
function cachedStatements(sqlite: SQLite.Database, limit = 500): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= limit) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** Opens the database named by a `file:` or `postgres://` URL (see env.ts). */
export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  const queries = createQueryTimings();
  const log = (event: LogEvent) => {
    queries.log(event);
    options.log?.(event);
  };
  if (url.startsWith('file:')) {
    const file = url.slice('file:'.length);
    if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
    const sqlite = new SQLite(file);
    // WAL lets readers proceed while a write commits; foreign keys are off by default in SQLite.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    return {
      db: new Kysely<Database>({
        dialect: new SqliteDialect({ database: cachedStatements(sqlite) }),
        log,
      }),
      engine: 'sqlite',
      queries,
    };
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  return {
    db: new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log,
    }),
    engine: 'postgres',
    queries,
  };
}
