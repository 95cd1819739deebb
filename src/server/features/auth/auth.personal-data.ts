import { sql } from 'kysely';
import type { PersonalDataOwner } from '../../platform/personal-data.ts';

/** The name an erased account keeps: the row stays because kept orders refer to it. */
export const FORMER_LEARNER_NAME = 'Former learner';

/** The account and its sessions (decision 0027). */
export const authPersonalData: PersonalDataOwner = {
  feature: 'auth',
  tables: [
    {
      table: 'users',
      columns: ['email'],
      kept: 'The row stays, blanked (no name, e-mail, picture or Google id): kept orders refer to it.',
    },
    { table: 'sessions', columns: ['user_id'] },
  ],
  async export(db, userId) {
    const profile = await db
      .selectFrom('users')
      .select(['name', 'email', 'picture', 'created_at', 'updated_at'])
      .where('id', '=', userId)
      .executeTakeFirst();
    const sessions = await db
      .selectFrom('sessions')
      .select(['created_at', 'expires_at', 'user_agent'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    return {
      profile: profile && {
        name: profile.name,
        email: profile.email,
        picture: profile.picture,
        joined_at: profile.created_at,
        last_sign_in_at: profile.updated_at,
      },
      sessions,
    };
  },
  async lock(trx, userIds) {
    // A write that changes nothing: PostgreSQL locks the rows until the transaction ends (SQLite
    // has one writer at a time anyway). Portable, unlike SELECT ... FOR UPDATE.
    await trx
      .updateTable('users')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', 'in', userIds)
      .execute();
  },
  async erase(trx, userIds, { now }) {
    await trx.deleteFrom('sessions').where('user_id', 'in', userIds).execute();
    // The Google id is replaced, so signing in again with the same Google account starts a new,
    // empty account.
    await trx
      .updateTable('users')
      .set({
        name: FORMER_LEARNER_NAME,
        email: '',
        picture: null,
        google_id: sql<string>`${'removed:'} || ${sql.ref('id')}`,
        anonymized_at: now,
      })
      .where('id', 'in', userIds)
      .where('anonymized_at', 'is', null)
      .execute();
  },
};
