import type { Db } from '../../db/database.ts';
import { precompile } from '../../db/precompiled.ts';
import type { UserRow } from '../../db/schema.ts';

export interface SessionWithUser {
  tokenHash: string;
  expiresAt: string;
  user: UserRow;
}

export function createSessionsRepo(db: Db) {
  // Behind every signed-in request whose session is not remembered (platform/sessions.ts).
  const findLiveQuery = precompile((tokenHash: string, now: string) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select(['sessions.token_hash', 'sessions.expires_at'])
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.expires_at', '>', now),
  );

  return {
    async insert(row: {
      tokenHash: string;
      userId: string;
      createdAt: string;
      expiresAt: string;
      userAgent: string | null;
    }) {
      await db
        .insertInto('sessions')
        .values({
          token_hash: row.tokenHash,
          user_id: row.userId,
          created_at: row.createdAt,
          expires_at: row.expiresAt,
          user_agent: row.userAgent,
        })
        .execute();
    },
    async findLive(tokenHash: string, now: string): Promise<SessionWithUser | undefined> {
      const [row] = (await findLiveQuery.run(db, tokenHash, now)).rows;
      if (!row) return undefined;
      const { token_hash, expires_at, ...user } = row;
      return { tokenHash: token_hash, expiresAt: expires_at, user };
    },
    async extend(tokenHash: string, expiresAt: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ expires_at: expiresAt })
        .where('token_hash', '=', tokenHash)
        .execute();
    },
    async delete(tokenHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    },
    /** How many live sessions the user has besides this one (other devices and browsers). */
    async countOthers(userId: string, tokenHash: string, now: string): Promise<number> {
      const row = await db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .where('token_hash', '!=', tokenHash)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    /** Deletes the user's sessions except `keep` (none when undefined); returns the ones deleted. */
    async deleteForUser(userId: string, keep: string | undefined): Promise<string[]> {
      let query = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (keep !== undefined) query = query.where('token_hash', '!=', keep);
      const rows = await query.returning('token_hash').execute();
      return rows.map((r) => r.token_hash);
    },
    /** Returns how many were deleted. */
    async deleteExpired(now: string): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
