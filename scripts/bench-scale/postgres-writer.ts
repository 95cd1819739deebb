import pg from 'pg';
import {
  BIG_TABLES,
  columnsOf,
  TABLES,
  type TableName,
  type TableWriter,
  type Value,
} from './tables.ts';

/** Rows per INSERT ... SELECT FROM unnest(...): each column goes as one array parameter. */
const ROWS_PER_STATEMENT = 5_000;
/** Statements sent and not yet answered: the next batch is built while PostgreSQL writes one. */
const IN_FLIGHT = 2;

interface Definition {
  table: string;
  name: string;
  /** constraint: ALTER TABLE ... ADD CONSTRAINT name <sql>; index: the CREATE INDEX statement. */
  kind: 'primary' | 'foreign' | 'index';
  sql: string;
}

/**
 * What is dropped while the tables fill and made again afterwards: every foreign key of the filled
 * tables (each would fire a check per row), and the big tables' primary keys and indexes.
 */
async function droppedDefinitions(client: pg.Client): Promise<Definition[]> {
  const constraints = await client.query<Definition>(
    `select c.conrelid::regclass::text as table, c.conname as name,
            case c.contype when 'f' then 'foreign' else 'primary' end as kind,
            pg_get_constraintdef(c.oid) as sql
       from pg_constraint c join pg_class t on t.oid = c.conrelid
      where t.relnamespace = current_schema()::regnamespace
        and ((c.contype = 'f' and t.relname = any($1)) or (c.contype in ('p', 'u') and t.relname = any($2)))`,
    [Object.keys(TABLES), BIG_TABLES],
  );
  const indexes = await client.query<Definition>(
    `select i.tablename as table, i.indexname as name, 'index' as kind, i.indexdef as sql
       from pg_indexes i
      where i.schemaname = current_schema() and i.tablename = any($1)
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [BIG_TABLES],
  );
  return [...constraints.rows, ...indexes.rows];
}

async function dropAll(client: pg.Client, definitions: readonly Definition[]): Promise<void> {
  for (const kind of ['foreign', 'primary', 'index'] as const) {
    for (const d of definitions.filter((x) => x.kind === kind)) {
      await client.query(
        kind === 'index'
          ? `drop index ${d.name}`
          : `alter table ${d.table} drop constraint ${d.name}`,
      );
    }
  }
}

async function makeAgain(client: pg.Client, definitions: readonly Definition[]): Promise<void> {
  for (const kind of ['primary', 'index', 'foreign'] as const) {
    for (const d of definitions.filter((x) => x.kind === kind)) {
      await client.query(
        kind === 'index' ? d.sql : `alter table ${d.table} add constraint ${d.name} ${d.sql}`,
      );
    }
  }
}

function insertSql(table: TableName): string {
  const columns = columnsOf(table);
  const arrays = columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ');
  return `insert into ${table} (${columns.map((c) => c.name).join(', ')}) select * from unnest(${arrays})`;
}

/**
 * Fills a PostgreSQL database (its own, made for the bench): batches of rows as column arrays
 * through unnest(), commits not waited for, constraints and indexes made once at the end, then
 * VACUUM ANALYZE (what autovacuum does on a production server; it is off on this one) and a
 * checkpoint.
 */
export async function postgresWriter(url: string): Promise<TableWriter> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`set synchronous_commit = off`);
  await client.query(`set maintenance_work_mem = '256MB'`);
  const definitions = await droppedDefinitions(client);
  await dropAll(client, definitions);

  const tables = Object.keys(TABLES) as TableName[];
  const columns = new Map(tables.map((t) => [t, columnsOf(t).map((): Value[] => [])]));
  const counts = new Map<TableName, number>(tables.map((t) => [t, 0]));
  const pending: Promise<unknown>[] = [];
  // One statement at a time on the connection (pg queues them, but asks callers to): each batch
  // goes after the one before it.
  let tail: Promise<unknown> = Promise.resolve();
  let failure: unknown;
  const send = (table: TableName) => {
    const arrays = columns.get(table) ?? [];
    if ((arrays[0]?.length ?? 0) === 0) return;
    columns.set(
      table,
      arrays.map((): Value[] => []),
    );
    tail = tail
      .then(() => client.query(insertSql(table), arrays))
      .catch((err: unknown) => {
        failure ??= err;
      });
    pending.push(tail);
  };
  const settle = async (keep: number) => {
    while (pending.length > keep) await pending.shift();
    if (failure) throw failure;
  };

  return {
    add(table, row) {
      const arrays = columns.get(table) ?? [];
      row.forEach((value, i) => arrays[i]?.push(value));
      counts.set(table, (counts.get(table) ?? 0) + 1);
      if ((arrays[0]?.length ?? 0) >= ROWS_PER_STATEMENT) send(table);
    },
    flushed: () => settle(IN_FLIGHT),
    async finish() {
      for (const table of tables) send(table);
      await settle(0);
      const started = performance.now();
      await makeAgain(client, definitions);
      await client.query('vacuum analyze');
      // The fill's gigabytes of WAL are written out now, not by a checkpoint during the
      // measurement (which would slow both databases' commits on the shared server).
      await client.query('checkpoint');
      const indexSeconds = (performance.now() - started) / 1000;
      await client.end();
      return { rows: counts, indexSeconds };
    },
  };
}
