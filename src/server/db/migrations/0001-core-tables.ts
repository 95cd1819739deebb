import type { Kysely } from 'kysely';

// Migrations never import app code: they must keep producing the same schema whatever the app becomes.
// Only portable column types are used so that SQLite and PostgreSQL end up with the same tables.

// A migration works on the database as it is at that point in history, not on today's table types.
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('google_id', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('picture', 'varchar(2048)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(512)')
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider_session_id', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('payment_intent_id', 'varchar(255)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('paid_at', 'varchar(32)')
    .addColumn('access_ends_at', 'varchar(32)')
    .addColumn('revoked_at', 'varchar(32)')
    .addColumn('revoke_reason', 'varchar(255)')
    .execute();
  await db.schema.createIndex('orders_user_id').on('orders').column('user_id').execute();
  await db.schema
    .createIndex('orders_payment_intent_id')
    .on('orders')
    .column('payment_intent_id')
    .execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(128)', (c) => c.notNull())
    .addColumn('processed_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('quiz_attempts')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('quiz_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('quiz_attempts_user_quiz')
    .on('quiz_attempts')
    .columns(['user_id', 'quiz_id'])
    .execute();

  await db.schema
    .createTable('exercise_progress')
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('exercise_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('solved_at', 'varchar(32)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('exercise_progress_pk', ['user_id', 'exercise_id'])
    .execute();

  await db.schema
    .createTable('lesson_visits')
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('module_number', 'integer', (c) => c.notNull())
    .addColumn('first_visited_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_visited_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('lesson_visits_pk', ['user_id', 'module_number'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'lesson_visits',
    'exercise_progress',
    'quiz_attempts',
    'payment_events',
    'orders',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
