import { sql, type Kysely } from 'kysely';

// A migration works on the database as it is at that point in history, not on today's table types.
type AnyDb = Kysely<unknown>;

/**
 * The engine, asked of the database itself (migrations never import app code to be told). SQLite
 * has no version() function; a failed statement leaves an SQLite transaction usable, whereas on
 * PostgreSQL it would abort the migration's transaction, so the probe is one that PostgreSQL passes.
 */
async function isSqlite(db: AnyDb): Promise<boolean> {
  try {
    await sql`select version()`.execute(db);
    return false;
  } catch {
    return true;
  }
}

/**
 * Issue 20 (decision 0014): the review queue of missed quiz questions, the weekly rhythm (goal, time
 * zone, study days), the code history of Checks, and the course search index. The first three use
 * portable columns only; the search index is engine-specific by nature (SQLite FTS5, PostgreSQL
 * tsvector with a GIN index) and holds nothing but what start-up rebuilds from content/.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('review_items')
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('quiz_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('question_index', 'integer', (c) => c.notNull())
    // 0..3: the next interval is 1, 3, 7 or 21 days.
    .addColumn('stage', 'integer', (c) => c.notNull())
    .addColumn('due_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('review_items_pk', ['user_id', 'quiz_id', 'question_index'])
    .execute();
  await db.schema
    .createIndex('review_items_user_due')
    .on('review_items')
    .columns(['user_id', 'due_at'])
    .execute();

  await db.schema
    .createTable('rhythm_settings')
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('goal_days', 'integer', (c) => c.notNull())
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('study_days')
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    // The calendar day in the learner's time zone at the time, YYYY-MM-DD.
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('first_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('study_days_pk', ['user_id', 'day'])
    .execute();

  await db.schema
    .createTable('code_history')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('exercise_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('passed', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('code_history_user_exercise')
    .on('code_history')
    .columns(['user_id', 'exercise_id', 'created_at'])
    .execute();

  if (await isSqlite(db)) {
    await sql`create virtual table search_documents using fts5(
      title, body, kind unindexed, href unindexed, module_number unindexed, label unindexed,
      tokenize = 'porter unicode61'
    )`.execute(db);
  } else {
    await sql`create table search_documents (
      id serial primary key,
      title text not null,
      body text not null,
      kind varchar(16) not null,
      href varchar(255) not null,
      module_number integer not null,
      label varchar(255) not null,
      document tsvector not null
    )`.execute(db);
    await sql`create index search_documents_document on search_documents using gin (document)`.execute(
      db,
    );
  }
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop table search_documents`.execute(db);
  await db.schema.dropTable('code_history').execute();
  await db.schema.dropTable('study_days').execute();
  await db.schema.dropTable('rhythm_settings').execute();
  await db.schema.dropTable('review_items').execute();
}
