import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.ts';
import * as m0001 from './migrations/0001-core-tables.ts';
import * as m0002 from './migrations/0002-auth-requests.ts';
import * as m0003 from './migrations/0003-quiz-attempts-best-index.ts';
import * as m0004 from './migrations/0004-users-anonymized-at.ts';
import * as m0005 from './migrations/0005-mail-outbox.ts';
import * as m0006 from './migrations/0006-admin-audit.ts';
import * as m0007 from './migrations/0007-learning-habits.ts';
import * as m0008 from './migrations/0008-certificates.ts';
import * as m0009 from './migrations/0009-quiz-attempts-covering-index.ts';
import * as m0010 from './migrations/0010-promotion-codes.ts';
import * as m0011 from './migrations/0011-quiz-progress.ts';
import * as m0012 from './migrations/0012-certificate-issued-for.ts';

/**
 * Migrations are listed here rather than read from the folder at run time, so that a bundled or
 * type-stripped build finds them and their order is explicit in review.
 */
const migrations: Record<string, Migration> = {
  '0001-core-tables': m0001,
  '0002-auth-requests': m0002,
  '0003-quiz-attempts-best-index': m0003,
  '0004-users-anonymized-at': m0004,
  '0005-mail-outbox': m0005,
  '0006-admin-audit': m0006,
  '0007-learning-habits': m0007,
  '0008-certificates': m0008,
  '0009-quiz-attempts-covering-index': m0009,
  '0010-promotion-codes': m0010,
  '0011-quiz-progress': m0011,
  '0012-certificate-issued-for': m0012,
};

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

/**
 * `schema` (PostgreSQL only) pins Kysely's own bookkeeping tables to that schema. Without it the
 * migrator looks for them in every schema it can see, so test files that each own a schema in one
 * database would find each other's tables.
 */
export async function migrateToLatest(
  db: Db,
  options: {
    schema?: string;
    /** Tests only: stop after this migration (an older database meeting a newer server). */
    upTo?: string;
  } = {},
): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const { error, results } = await (options.upTo
    ? migrator.migrateTo(options.upTo)
    : migrator.migrateToLatest());
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Migration ${failed?.migrationName ?? ''} failed: ${reason}`.replace('  ', ' '),
    );
  }
}

/**
 * Whether the newest migration has run on this database (GET /api/ready). Reads Kysely's bookkeeping
 * table by its unqualified name, so PostgreSQL finds it through the connection's search_path; a
 * database that was never migrated has no such table, which counts as not migrated.
 */
export async function isMigrated(db: Db): Promise<boolean> {
  const newest = Object.keys(migrations).sort().at(-1) ?? '';
  try {
    const { rows } = await sql<{
      name: string;
    }>`select name from kysely_migration where name = ${newest}`.execute(db);
    return rows.length > 0;
  } catch {
    return false;
  }
}
