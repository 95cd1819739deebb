/*
 * The tables `npm run bench:scale` fills, and the columns it writes in each, in order. The types
 * are what PostgreSQL's unnest() needs to receive a column as one array ('text' also fills varchar
 * columns); SQLite takes the values as they are. Columns left out keep their default (orders.kind).
 */
export const TABLES = {
  users: ['id', 'google_id', 'name', 'email', 'picture', 'created_at', 'updated_at'],
  orders: [
    'id',
    'user_id',
    'provider',
    'provider_session_id',
    'payment_intent_id',
    'status',
    'amount_cents:int4',
    'currency',
    'created_at',
    'paid_at',
    'access_ends_at',
    'revoked_at',
    'revoke_reason',
  ],
  payment_events: ['id', 'type', 'processed_at'],
  sessions: ['token_hash', 'user_id', 'created_at', 'expires_at', 'user_agent'],
  quiz_attempts: ['id', 'user_id', 'quiz_id', 'score:int4', 'answers', 'created_at'],
  exercise_progress: ['user_id', 'exercise_id', 'code', 'solved_at', 'updated_at', 'verified_at'],
  code_history: ['id', 'user_id', 'exercise_id', 'code', 'passed:int4', 'created_at'],
  lesson_visits: ['user_id', 'module_number:int4', 'first_visited_at', 'last_visited_at'],
  review_items: [
    'user_id',
    'quiz_id',
    'question_index:int4',
    'stage:int4',
    'due_at',
    'created_at',
    'updated_at',
  ],
  study_days: ['user_id', 'day', 'first_at'],
  rhythm_settings: ['user_id', 'goal_days:int4', 'time_zone', 'updated_at'],
  certificates: ['id', 'user_id', 'name', 'issued_at'],
  mail_outbox: [
    'id',
    'dedupe_key',
    'kind',
    'user_id',
    'to_address',
    'subject',
    'text_body',
    'html_body',
    'status',
    'attempts:int4',
    'next_attempt_at',
    'created_at',
    'sent_at',
  ],
} as const;

export type TableName = keyof typeof TABLES;
export type Value = string | number | null;
export type Row = readonly Value[];

/**
 * The tables with millions of rows. Their secondary indexes are dropped while they fill and built
 * again afterwards (one sort instead of millions of scattered index inserts); the others keep theirs.
 */
export const BIG_TABLES: readonly TableName[] = [
  'quiz_attempts',
  'exercise_progress',
  'code_history',
  'lesson_visits',
  'review_items',
  'study_days',
];

export interface Column {
  name: string;
  type: 'text' | 'int4';
}

export function columnsOf(table: TableName): Column[] {
  return TABLES[table].map((spec) => {
    const [name = spec, type] = spec.split(':');
    return { name, type: type === 'int4' ? 'int4' : 'text' };
  });
}

/** Where the fill's rows go: a writer for one engine. */
export interface RowSink {
  /** Takes one row; the writer sends rows to the database in batches of its own choosing. */
  add(table: TableName, row: Row): void;
  /** Resolves once the writer has caught up enough to take more (called between days). */
  flushed(): Promise<void>;
}

export interface TableWriter extends RowSink {
  /** Writes what is left, builds the dropped indexes again; returns the rows written per table. */
  finish(): Promise<{ rows: Map<TableName, number>; indexSeconds: number }>;
}
