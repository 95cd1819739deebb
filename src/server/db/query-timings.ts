import type { LogEvent } from 'kysely';

/** What a statement does, from its root node: a small fixed set, never the SQL text. */
export type QueryKind = 'select' | 'insert' | 'update' | 'delete' | 'other';

const KINDS: Record<string, QueryKind> = {
  SelectQueryNode: 'select',
  InsertQueryNode: 'insert',
  UpdateQueryNode: 'update',
  DeleteQueryNode: 'delete',
};

export type QueryObserver = (kind: QueryKind, seconds: number, failed: boolean) => void;

/**
 * The time of every statement, taken at the edge (Kysely's `log` option on the driver's
 * connection), so precompiled queries (precompiled.ts), transactions and raw SQL are all timed.
 * The database is opened before the app exists, so the app's metrics listen afterwards; until then
 * (and in the admin command and scripts) nothing is told.
 */
export interface QueryTimings {
  readonly log: (event: LogEvent) => void;
  listen(observer: QueryObserver | undefined): void;
}

export function createQueryTimings(): QueryTimings {
  let observer: QueryObserver | undefined;
  return {
    log(event) {
      if (!observer) return;
      observer(
        KINDS[event.query.query.kind] ?? 'other',
        event.queryDurationMillis / 1000,
        event.level === 'error',
      );
    },
    listen(next) {
      observer = next;
    },
  };
}
