import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalDataOwners } from '../../personal-data.ts';
import type { Db, DbEngine } from '../../db/database.ts';
import { leftovers, rowsWith, seedPersonEverywhere } from '../../testing/personal-data.fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { createPersonalData } from './personal-data.service.ts';
import { createRetentionRepo } from './retention.repo.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});

/** A column that says whose a row is: a user id, an e-mail or an address. */
const POINTS_AT_A_PERSON = /(^|_)user_id$|email|(^|_)address$/i;

type Column = { tbl: string; col: string };

/** Every column of the real schema, and every column with a foreign key to users. */
async function schemaColumns(
  db: Db,
  engine: DbEngine,
): Promise<{ all: Column[]; toUsers: Column[] }> {
  if (engine === 'sqlite') {
    const all = await sql<Column>`
      select m.name as tbl, p.name as col
      from sqlite_master m, pragma_table_info(m.name) p where m.type = 'table'`.execute(db);
    const toUsers = await sql<Column>`
      select m.name as tbl, f."from" as col
      from sqlite_master m, pragma_foreign_key_list(m.name) f
      where m.type = 'table' and f."table" = 'users'`.execute(db);
    return { all: all.rows, toUsers: toUsers.rows };
  }
  const all = await sql<Column>`
    select table_name as tbl, column_name as col from information_schema.columns
    where table_schema = current_schema()`.execute(db);
  const toUsers = await sql<Column>`
    select k.table_name as tbl, k.column_name as col
    from information_schema.table_constraints c
    join information_schema.key_column_usage k
      on k.constraint_name = c.constraint_name and k.constraint_schema = c.constraint_schema
    join information_schema.constraint_column_usage u
      on u.constraint_name = c.constraint_name and u.constraint_schema = c.constraint_schema
    where c.constraint_type = 'FOREIGN KEY' and c.table_schema = current_schema()
      and u.table_name = 'users'`.execute(db);
  return { all: all.rows, toUsers: toUsers.rows };
}

/** Columns that point at a person but that no owner declares, as "table.column". */
async function undeclared(db: Db, engine: DbEngine): Promise<string[]> {
  const { all, toUsers } = await schemaColumns(db, engine);
  const declared = new Set(
    personalDataOwners.flatMap((o) =>
      o.tables.flatMap((d) => d.columns.map((c) => `${d.table}.${c}`)),
    ),
  );
  const pointing = [...all.filter((c) => POINTS_AT_A_PERSON.test(c.col)), ...toUsers];
  return [...new Set(pointing.map((c) => `${c.tbl}.${c.col}`))]
    .filter((name) => !declared.has(name))
    .sort();
}

describe(`personal data owners (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  it('every table with a column pointing at a person has an owner that declares it', async () => {
    expect(await undeclared(t.db, t.engine)).toEqual([]);
    // Each table is declared once, and every declared table and column exists.
    const tables = personalDataOwners.flatMap((o) => o.tables.map((d) => d.table));
    expect(new Set(tables).size).toBe(tables.length);
    const { all } = await schemaColumns(t.db, t.engine);
    const existing = new Set(all.map((c) => `${c.tbl}.${c.col}`));
    for (const d of personalDataOwners.flatMap((o) => o.tables)) {
      for (const column of d.columns) expect(existing).toContain(`${d.table}.${column}`);
    }
  });

  it('finds a new table that points at a person and has no owner', async () => {
    await sql`create table scratch_notes (id varchar(36), owner_user_id varchar(36), contact_email varchar(320))`.execute(
      t.db,
    );
    try {
      expect(await undeclared(t.db, t.engine)).toEqual([
        'scratch_notes.contact_email',
        'scratch_notes.owner_user_id',
      ]);
    } finally {
      await sql`drop table scratch_notes`.execute(t.db);
    }
  });

  it('anonymizing leaves no row pointing at the person in any owned table, and spares others', async () => {
    const at = '2030-01-01T00:00:00.000Z';
    const person = await seedPersonEverywhere(t.db, 'gone', at);
    const other = await seedPersonEverywhere(t.db, 'stays', at);
    const owned = personalDataOwners.flatMap((o) => o.tables);
    // The seed reaches every owned table, so erasing is checked against each.
    for (const { table, columns } of owned) {
      expect(
        await rowsWith(t.db, table, columns[0] ?? '', table === 'users' ? person.email : person.id),
        table,
      ).toBeGreaterThan(0);
    }
    const personalData = createPersonalData(personalDataOwners);
    const exported = await personalData.exportOf(t.db, person.id, at);
    for (const [key, value] of Object.entries(exported)) {
      expect(Array.isArray(value) ? value.length : value, key).toBeTruthy();
    }

    await createRetentionRepo(t.db, personalData).anonymize([person.id], at);
    expect(await leftovers(t.db, personalDataOwners, person)).toEqual([]);
    expect(await leftovers(t.db, personalDataOwners, other)).not.toEqual([]);
    for (const { table, columns, kept } of owned) {
      if (!kept) expect(await rowsWith(t.db, table, columns[0] ?? '', other.id), table).toBe(1);
    }
    // Kept as the policy says: the order (7 years) and the certificate (decision 0015).
    expect(await rowsWith(t.db, 'orders', 'user_id', person.id)).toBe(1);
    expect(await rowsWith(t.db, 'certificates', 'name', person.name)).toBe(1);
    // Erasing twice changes nothing and fails nothing.
    await createRetentionRepo(t.db, personalData).anonymize([person.id], at);
    expect(await leftovers(t.db, personalDataOwners, person)).toEqual([]);
  });
});
