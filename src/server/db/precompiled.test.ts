import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompile } from './precompiled.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  const now = '2026-01-01T00:00:00.000Z';
  await t.db
    .insertInto('users')
    .values(
      ['ada', 'grace', 'alan'].map((name) => ({
        id: name,
        google_id: `g-${name}`,
        name,
        email: `${name}@example.com`,
        picture: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
});
afterAll(async () => {
  await t.destroy();
});

describe(`precompiled queries (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  it('runs with new values each time and keeps the constants of the query', async () => {
    const byName = precompile((first: string, second: string) =>
      t.db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('email', 'like', '%@example.com')
        .where((eb) => eb.or([eb('name', '=', first), eb('name', '=', second)]))
        .orderBy('id'),
    );
    expect((await byName.run(t.db, 'ada', 'alan')).rows).toEqual([
      { id: 'ada', email: 'ada@example.com' },
      { id: 'alan', email: 'alan@example.com' },
    ]);
    expect((await byName.run(t.db, 'grace', 'nobody')).rows).toEqual([
      { id: 'grace', email: 'grace@example.com' },
    ]);
  });

  it('runs inside a transaction, and its writes roll back with it', async () => {
    const rename = precompile((id: string, name: string) =>
      t.db.updateTable('users').set({ name }).where('id', '=', id),
    );
    await expect(
      t.db.transaction().execute(async (trx) => {
        await rename.run(trx, 'ada', 'Ada Lovelace');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const ada = await t.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', 'ada')
      .executeTakeFirst();
    expect(ada?.name).toBe('ada');
  });

  it('refuses a query whose argument does not reach the database as a parameter', () => {
    expect(() =>
      precompile((name: string) =>
        t.db.selectFrom('users').select('id').where('name', '=', sql.lit(name)),
      ),
    ).toThrow(/argument 1 is not a bound parameter/);
  });
});
