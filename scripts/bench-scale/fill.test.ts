import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCourseContent } from '#server/content/course-content.ts';
import { openDatabase, type Db } from '#server/db/database.ts';
import { courseFacts, type CourseFacts } from './course.ts';
import { postgresDatabase, sqliteDatabase, type BenchDatabase } from './databases.ts';
import { fillRows } from './fill.ts';

/*
 * The bench's fill on a real, migrated database (SQLite; PostgreSQL too when TEST_DATABASE_URL is
 * set): the rows fit the schema (keys, foreign keys), the indexes dropped for the fill are all
 * back, every id is the course's and no time lies in the future.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const LEARNERS = 300;
let course: CourseFacts;
let database: BenchDatabase;
let db: Db;
let rows: Map<string, number>;
const now = Date.now();
const benchLearnerId = randomUUID();

async function indexNames(): Promise<string[]> {
  const query = pgUrl
    ? sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = 'public'`
    : sql<{ name: string }>`select name from sqlite_master where type = 'index'`;
  return (await query.execute(db)).rows.map((r) => r.name).sort();
}

beforeAll(async () => {
  course = courseFacts(await loadCourseContent('content'));
  database = pgUrl ? await postgresDatabase(pgUrl, 'filltest') : await sqliteDatabase('filltest');
  db = openDatabase(database.url).db;
  const at = new Date(now).toISOString();
  await db
    .insertInto('users')
    .values({
      ...{ id: benchLearnerId, google_id: 'dev-bench', name: 'B', email: 'b@example.com' },
      ...{ picture: null, created_at: at, updated_at: at },
    })
    .execute();
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe(`bench:scale fill (${pgUrl ? 'postgres' : 'sqlite'})`, () => {
  it('writes rows that keep every key and foreign key, and puts the indexes back', async () => {
    const before = await indexNames();
    await db.destroy();
    const writer = await database.writer();
    await fillRows(writer, {
      ...{ course, learners: LEARNERS, benchLearnerId, onlyBenchLearner: false, now },
    });
    rows = (await writer.finish()).rows;
    db = openDatabase(database.url).db;
    expect(await indexNames()).toEqual(before);
    if (!pgUrl) {
      expect((await sql`pragma foreign_key_check`.execute(db)).rows).toEqual([]);
      expect((await sql`pragma integrity_check`.execute(db)).rows).toEqual([
        { integrity_check: 'ok' },
      ]);
    }
    expect(rows.get('users')).toBe(LEARNERS - 1);
    // Two orders a learner (the measured learner has one, paid).
    expect(rows.get('orders')).toBe(2 * LEARNERS - 1);
    expect(rows.get('quiz_attempts')).toBeGreaterThan(LEARNERS * 30);
  });

  it('uses the course ids and nothing later than now', async () => {
    const quizIds = new Set(course.quizzes.map((q) => q.id));
    const exerciseIds = new Set(course.exercises.map((e) => e.id));
    const quizzes = await db.selectFrom('quiz_attempts').select('quiz_id').distinct().execute();
    expect(quizzes.every((r) => quizIds.has(r.quiz_id))).toBe(true);
    const exercises = await db
      .selectFrom('exercise_progress')
      .select('exercise_id')
      .distinct()
      .execute();
    expect(exercises.every((r) => exerciseIds.has(r.exercise_id))).toBe(true);
    const latest = await db
      .selectFrom('quiz_attempts')
      .select((eb) => eb.fn.max('created_at').as('at'))
      .executeTakeFirst();
    expect(String(latest?.at) < new Date(now).toISOString()).toBe(true);
    const mine = await db
      .selectFrom('quiz_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', benchLearnerId)
      .executeTakeFirst();
    expect(Number(mine?.n)).toBe(3 * course.quizzes.length);
  });
});
