import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});

const now = new Date('2026-01-01T00:00:00.000Z').toISOString();

describe(`database (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  it('creates the core tables and round-trips a user', async () => {
    await t.db
      .insertInto('users')
      .values({
        id: 'u1',
        google_id: 'g1',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        picture: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('google_id', '=', 'g1')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ id: 'u1', name: 'Ada Lovelace', picture: null });
  });

  it('enforces unique Google ids', async () => {
    await expect(
      t.db
        .insertInto('users')
        .values({
          id: 'u2',
          google_id: 'g1',
          name: 'Copy',
          email: 'c@example.com',
          picture: null,
          created_at: now,
          updated_at: now,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('enforces foreign keys', async () => {
    await expect(
      t.db
        .insertInto('sessions')
        .values({
          token_hash: 'h',
          user_id: 'nobody',
          created_at: now,
          expires_at: now,
          user_agent: null,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('records a payment event id only once', async () => {
    await t.db
      .insertInto('payment_events')
      .values({ id: 'evt_1', type: 'checkout.session.completed', processed_at: now })
      .execute();
    await expect(
      t.db
        .insertInto('payment_events')
        .values({ id: 'evt_1', type: 'checkout.session.completed', processed_at: now })
        .execute(),
    ).rejects.toThrow();
  });

  it('compares ISO timestamps as text the same way on both engines', async () => {
    const later = new Date('2026-06-01T00:00:00.000Z').toISOString();
    await t.db
      .insertInto('sessions')
      .values({
        token_hash: 'h2',
        user_id: 'u1',
        created_at: now,
        expires_at: later,
        user_agent: null,
      })
      .execute();
    const live = await t.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('expires_at', '>', '2026-05-31T23:59:59.999Z')
      .execute();
    expect(live.map((s) => s.token_hash)).toEqual(['h2']);
  });
});

describe('several test databases at once', () => {
  it('migrate side by side without seeing each other', async () => {
    const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    try {
      await a.db
        .insertInto('payment_events')
        .values({ id: 'evt_a', type: 't', processed_at: now })
        .execute();
      expect(await b.db.selectFrom('payment_events').selectAll().execute()).toEqual([]);
    } finally {
      await Promise.all([a.destroy(), b.destroy()]);
    }
  });
});
