import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export function createHealthRepo(db: Db) {
  return {
    /** Rejects when the database does not answer. */
    async ping(): Promise<void> {
      await sql`select 1`.execute(db);
    },
  };
}
export type HealthRepo = ReturnType<typeof createHealthRepo>;
