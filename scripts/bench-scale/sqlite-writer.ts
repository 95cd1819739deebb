import Database from 'better-sqlite3';
import {
  BIG_TABLES,
  columnsOf,
  TABLES,
  type TableName,
  type TableWriter,
  type Value,
} from './tables.ts';

/** Rows per INSERT statement: one statement run costs about as much as binding a hundred rows. */
const ROWS_PER_STATEMENT = 100;
const ROWS_PER_TRANSACTION = 500_000;

/**
 * Fills an SQLite file on one connection of its own (the server is not running): prepared
 * multi-row INSERTs in large transactions, the rollback journal in memory instead of a write-ahead
 * log that would copy every page twice (a failed fill is thrown away; better-sqlite3's defensive
 * mode refuses journal_mode OFF), and the big tables' secondary indexes built once at the end.
 */
export function sqliteWriter(file: string): TableWriter {
  const db = new Database(file);
  db.pragma('journal_mode = MEMORY');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -1000000');
  db.pragma('foreign_keys = OFF');
  const indexes = db
    .prepare(
      `select name, sql from sqlite_master where type = 'index' and sql is not null
         and tbl_name in (${BIG_TABLES.map(() => '?').join(', ')})`,
    )
    .all(...BIG_TABLES) as { name: string; sql: string }[];
  for (const index of indexes) db.exec(`drop index ${index.name}`);

  const insert = (table: TableName, rows: number) => {
    const names = columnsOf(table).map((c) => c.name);
    const one = `(${names.map(() => '?').join(', ')})`;
    return db.prepare(
      `insert into ${table} (${names.join(', ')}) values ${Array(rows).fill(one).join(', ')}`,
    );
  };
  const tables = Object.keys(TABLES) as TableName[];
  const many = new Map(tables.map((t) => [t, insert(t, ROWS_PER_STATEMENT)]));
  const buffers = new Map<TableName, Value[]>(tables.map((t) => [t, []]));
  const counts = new Map<TableName, number>(tables.map((t) => [t, 0]));
  let sinceCommit = 0;
  db.exec('begin');

  return {
    add(table, row) {
      const buffer = buffers.get(table) ?? [];
      for (const value of row) buffer.push(value);
      counts.set(table, (counts.get(table) ?? 0) + 1);
      sinceCommit++;
      if (buffer.length === ROWS_PER_STATEMENT * row.length) {
        many.get(table)?.run(buffer);
        buffer.length = 0;
      }
    },
    flushed() {
      if (sinceCommit >= ROWS_PER_TRANSACTION) {
        db.exec('commit; begin');
        sinceCommit = 0;
      }
      return Promise.resolve();
    },
    finish() {
      for (const [table, buffer] of buffers) {
        const width = columnsOf(table).length;
        if (buffer.length > 0) insert(table, buffer.length / width).run(buffer);
      }
      db.exec('commit');
      const started = performance.now();
      for (const index of indexes) db.exec(index.sql);
      const indexSeconds = (performance.now() - started) / 1000;
      // Back to the mode the server sets, so the file is as the app leaves it.
      db.pragma('journal_mode = WAL');
      db.close();
      return Promise.resolve({ rows: counts, indexSeconds });
    },
  };
}
