import Database from 'better-sqlite3';
import pg from 'pg';
import type { App } from '#server/app.ts';
import type { BenchDatabase } from './databases.ts';
import type { Endpoint } from './endpoints.ts';
import type { LoggedQuery } from './in-process.ts';
import { percentile } from './load.ts';

/** One statement behind an endpoint: its time over several requests, and the values of its slowest. */
export interface QueryCost {
  sql: string;
  parameters: readonly unknown[];
  p50: number;
  max: number;
  runs: number;
}

/**
 * The statements one endpoint runs, each timed by Kysely's query log, over `runs` requests made
 * in this process (app.inject) with the measured learner's session: slowest first.
 */
export async function queriesBehind(
  app: App,
  endpoint: Endpoint,
  session: { cookie: string; origin: string },
  log: LoggedQuery[],
  runs: number,
): Promise<QueryCost[]> {
  log.length = 0;
  for (let i = 0; i < runs; i++) {
    const res = await app.inject({
      method: endpoint.method,
      url: endpoint.path,
      headers: {
        cookie: session.cookie,
        origin: session.origin,
        ...(endpoint.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(endpoint.body === undefined ? {} : { payload: endpoint.body }),
    });
    if (res.statusCode >= 300) throw new Error(`${endpoint.route} answered ${res.statusCode}`);
  }
  return costs(log);
}

/** Logged statements grouped by their SQL, slowest (by median) first. */
export function costs(log: readonly LoggedQuery[]): QueryCost[] {
  const bySql = new Map<string, LoggedQuery[]>();
  for (const q of log) bySql.set(q.sql, [...(bySql.get(q.sql) ?? []), q]);
  return [...bySql.values()]
    .map((runs) => {
      const slowest = runs.reduce((a, b) => (b.ms > a.ms ? b : a));
      const ms = runs.map((r) => r.ms);
      return { ...slowest, p50: percentile(ms, 0.5), max: slowest.ms, runs: runs.length };
    })
    .sort((a, b) => b.p50 - a.p50);
}

/** SQLite's plan as an indented tree (EXPLAIN QUERY PLAN: the plan only, nothing runs). */
function sqlitePlan(file: string, query: QueryCost): string[] {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db
      .prepare(`explain query plan ${query.sql}`)
      .all(...(query.parameters as unknown[])) as { id: number; parent: number; detail: string }[];
    const depth = new Map<number, number>([[0, 0]]);
    return rows.map((r) => {
      const level = (depth.get(r.parent) ?? 0) + 1;
      depth.set(r.id, level);
      return `${'  '.repeat(level)}${r.detail}`;
    });
  } finally {
    db.close();
  }
}

async function explainRolledBack(
  client: pg.Client,
  query: QueryCost,
  options: string,
): Promise<string[]> {
  await client.query('begin');
  try {
    const result = await client.query<{ 'QUERY PLAN': string }>(
      `explain ${options} ${query.sql}`,
      query.parameters as unknown[],
    );
    return result.rows.map((r) => `  ${r['QUERY PLAN']}`);
  } finally {
    await client.query('rollback');
  }
}

/**
 * PostgreSQL's plan with what really happened (EXPLAIN ANALYZE runs the statement, so inside a
 * transaction that is rolled back: a write explained changes nothing). A write that cannot run
 * again (an insert of the same id) gets its plan without running.
 */
async function postgresPlan(url: string, query: QueryCost, analyze: boolean): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if (!analyze) return await explainRolledBack(client, query, '');
    try {
      return await explainRolledBack(client, query, '(analyze, buffers)');
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      return [`  (not run again: ${reason})`, ...(await explainRolledBack(client, query, ''))];
    }
  } finally {
    await client.end();
  }
}

export function plan(database: BenchDatabase, query: QueryCost, analyze = true): Promise<string[]> {
  if (database.engine === 'sqlite') {
    return Promise.resolve(sqlitePlan(database.url.slice('file:'.length), query));
  }
  return postgresPlan(database.url, query, analyze);
}

/** The SQL on one line, long values cut, for printing. */
export function oneLine(sql: string, max = 160): string {
  const text = sql.replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
