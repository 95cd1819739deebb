import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { PersonalDataOwner } from '../platform/personal-data.ts';
import { insertPerson } from './test-app.ts';

/**
 * Test set-up only: a person with a row in every table that keeps personal data, each written as
 * the owning feature writes it, so erasing and exporting can be checked against every owner.
 */
export async function seedPersonEverywhere(db: Db, id: string, at: string) {
  const email = `${id}@example.com`;
  const name = `Learner ${id}`;
  await insertPerson(db, { id, email, name, googleId: `google-${id}`, at });
  const mine = { user_id: id };
  await db
    .insertInto('sessions')
    .values({ ...mine, token_hash: `hash-${id}`, created_at: at, expires_at: at, user_agent: 'UA' })
    .execute();
  await db
    .insertInto('orders')
    .values({
      ...mine,
      id: `order-${id}`,
      provider: 'demo',
      provider_session_id: `cs_${id}`,
      payment_intent_id: `pi_${id}`,
      status: 'paid',
      amount_cents: 48_900,
      currency: 'usd',
      created_at: at,
      paid_at: at,
      access_ends_at: at,
      revoked_at: null,
      revoke_reason: null,
    })
    .execute();
  await db
    .insertInto('quiz_attempts')
    .values({
      ...mine,
      id: `attempt-${id}`,
      quiz_id: 'q',
      score: 50,
      answers: '["a"]',
      created_at: at,
    })
    .execute();
  await db
    .insertInto('quiz_progress')
    .values({ ...mine, quiz_id: 'q', question_index: 1, answers: '["a"]', updated_at: at })
    .execute();
  await db
    .insertInto('exercise_progress')
    .values({
      ...mine,
      exercise_id: 'm01-e1',
      code: `print("${id}")`,
      solved_at: null,
      updated_at: at,
      verified_at: null,
    })
    .execute();
  await db
    .insertInto('lesson_visits')
    .values({ ...mine, module_number: 1, first_visited_at: at, last_visited_at: at })
    .execute();
  await db
    .insertInto('code_history')
    .values({
      ...mine,
      id: `history-${id}`,
      exercise_id: 'm01-e1',
      code: `print("${id}")`,
      passed: 0,
      created_at: at,
    })
    .execute();
  await seedRecords(db, id, email, name, at);
  return { id, email, name };
}

/** The review queue, rhythm, certificate, mail and audit row of the person. */
async function seedRecords(db: Db, id: string, email: string, name: string, at: string) {
  const mine = { user_id: id };
  await db
    .insertInto('review_items')
    .values({
      ...mine,
      quiz_id: 'q',
      question_index: 0,
      stage: 0,
      due_at: at,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await db
    .insertInto('rhythm_settings')
    .values({ ...mine, goal_days: 3, time_zone: 'Europe/Paris', updated_at: at })
    .execute();
  await db
    .insertInto('study_days')
    .values({ ...mine, day: at.slice(0, 10), first_at: at })
    .execute();
  await db
    .insertInto('certificates')
    .values({
      ...mine,
      id: `cert-${id}`,
      name,
      issued_at: at,
      withdrawn_at: null,
      revoked_at: null,
      revoked_reason: null,
    })
    .execute();
  await db
    .insertInto('mail_outbox')
    .values({
      ...mine,
      id: `mail-${id}`,
      dedupe_key: `receipt:order-${id}`,
      kind: 'receipt',
      to_address: email,
      subject: 'Your receipt',
      text_body: name,
      html_body: name,
      status: 'sent',
      attempts: 1,
      next_attempt_at: at,
      claimed_until: null,
      last_error: null,
      created_at: at,
      sent_at: at,
    })
    .execute();
  await db
    .insertInto('admin_audit')
    .values({
      ...mine,
      id: `audit-${id}`,
      at,
      system_user: 'seller',
      command: 'grant',
      email,
      order_id: `order-${id}`,
      details: 'complimentary access',
      reason: 'press',
    })
    .execute();
}

/** How many rows of a declared table hold this value in this column. */
export async function rowsWith(db: Db, table: string, column: string, value: string) {
  const result = await sql<{ n: number | string }>`
    select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${value}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Every row in the owners' tables that still points at the person after erasing: in tables that
 * erase, any row with their id or e-mail; in tables that keep rows, their e-mail or name anywhere.
 */
export async function leftovers(
  db: Db,
  owners: readonly PersonalDataOwner[],
  person: { id: string; email: string; name: string },
): Promise<string[]> {
  const found: string[] = [];
  for (const { table, columns, kept } of owners.flatMap((o) => o.tables)) {
    const values = kept ? [person.email, person.name] : [person.id, person.email];
    for (const column of kept ? [...columns, ...(TEXT_COLUMNS[table] ?? [])] : columns) {
      for (const value of values) {
        if ((await rowsWith(db, table, column, value)) > 0)
          found.push(`${table}.${column}=${value}`);
      }
    }
  }
  return [...new Set(found)];
}

/**
 * A kept table's columns that could hold a name or an e-mail. A kept certificate keeps the name the
 * learner chose to publish (decision 0015), so it is not looked at here.
 */
const TEXT_COLUMNS: Record<string, readonly string[]> = {
  users: ['name', 'email'],
  orders: ['revoke_reason'],
  admin_audit: ['email', 'details'],
};
