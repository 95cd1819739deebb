import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import type { IdentityProfile } from './identity.ts';

export function createUsersRepo(db: Db) {
  return {
    findById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByGoogleId(googleId: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where('google_id', '=', googleId)
        .executeTakeFirst();
    },
    /** Accounts using this e-mail, any case (the admin command names learners by e-mail). */
    findByEmail(email: string): Promise<UserRow[]> {
      return db
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
        .orderBy('created_at')
        .execute();
    },
    /** Accounts whose name or e-mail contains the text, any case (all of them without one). */
    search(text: string | undefined, limit?: number): Promise<UserRow[]> {
      const like = `%${(text ?? '').toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return db
        .selectFrom('users')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['email']), 'like', sql<string>`${like} escape '\\'`),
            eb(eb.fn('lower', ['name']), 'like', sql<string>`${like} escape '\\'`),
          ]),
        )
        .orderBy('created_at')
        .$if(limit !== undefined, (q) => q.limit(limit ?? 0))
        .execute();
    },
    /** Creates the user on first sign-in, refreshes name, e-mail and picture on later ones. */
    async upsertFromProfile(profile: IdentityProfile, now: string): Promise<UserRow> {
      await db
        .insertInto('users')
        .values({
          id: randomUUID(),
          google_id: profile.subject,
          name: profile.name,
          email: profile.email,
          picture: profile.picture,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.column('google_id').doUpdateSet({
            name: profile.name,
            email: profile.email,
            picture: profile.picture,
            updated_at: now,
          }),
        )
        .execute();
      return db
        .selectFrom('users')
        .selectAll()
        .where('google_id', '=', profile.subject)
        .executeTakeFirstOrThrow();
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
