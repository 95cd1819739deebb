import type { PersonalDataOwner } from '../../platform/personal-data.ts';

/** The weekly goal and the days studied (decision 0027). */
export const rhythmPersonalData: PersonalDataOwner = {
  feature: 'rhythm',
  tables: [
    { table: 'rhythm_settings', columns: ['user_id'] },
    { table: 'study_days', columns: ['user_id'] },
  ],
  async export(db, userId) {
    const [settings, days] = await Promise.all([
      db
        .selectFrom('rhythm_settings')
        .select(['goal_days', 'time_zone', 'updated_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst(),
      db
        .selectFrom('study_days')
        .select(['day', 'first_at'])
        .where('user_id', '=', userId)
        .orderBy('day')
        .execute(),
    ]);
    return { study_goal: settings ?? null, study_days: days };
  },
  async erase(trx, userIds) {
    await trx.deleteFrom('study_days').where('user_id', 'in', userIds).execute();
    await trx.deleteFrom('rhythm_settings').where('user_id', 'in', userIds).execute();
  },
};
