import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { isMigrated } from '../../db/migrate.ts';

export function createHealthRepo(db: Db) {
  // Migrations never un-run, so once the newest one is seen it is not asked again.
  let migrated = false;
  return {
    /** Rejects when the database does not answer. */
    async ping(): Promise<void> {
      await sql`select 1`.execute(db);
    },
    async migrated(): Promise<boolean> {
      migrated ||= await isMigrated(db);
      return migrated;
    },
  };
}
export type HealthRepo = ReturnType<typeof createHealthRepo>;
