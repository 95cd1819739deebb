import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AuthRequestsTable } from '../../db/schema.ts';

export type AuthRequestRow = Selectable<AuthRequestsTable>;

export function createAuthRequestsRepo(db: Db) {
  return {
    async insert(row: AuthRequestRow): Promise<void> {
      await db.insertInto('auth_requests').values(row).execute();
    },
    async find(state: string): Promise<AuthRequestRow | undefined> {
      return db
        .selectFrom('auth_requests')
        .selectAll()
        .where('state', '=', state)
        .executeTakeFirst();
    },
    async setDevCode(state: string, devCode: string, devProfile: string): Promise<number> {
      const result = await db
        .updateTable('auth_requests')
        .set({ dev_code: devCode, dev_profile: devProfile })
        .where('state', '=', state)
        .where('dev_code', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    /** Deletes and reports whether this call was the one that deleted it, so a code is used once. */
    async consume(state: string): Promise<boolean> {
      const result = await db
        .deleteFrom('auth_requests')
        .where('state', '=', state)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
    /** Returns how many were deleted. */
    async deleteExpired(now: string): Promise<number> {
      const result = await db
        .deleteFrom('auth_requests')
        .where('expires_at', '<', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type AuthRequestsRepo = ReturnType<typeof createAuthRequestsRepo>;
