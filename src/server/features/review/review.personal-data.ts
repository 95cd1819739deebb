import type { PersonalDataOwner } from '../../platform/personal-data.ts';

/** The review queue of missed questions (decision 0027). */
export const reviewPersonalData: PersonalDataOwner = {
  feature: 'review',
  tables: [{ table: 'review_items', columns: ['user_id'] }],
  async export(db, userId) {
    const review_items = await db
      .selectFrom('review_items')
      .select(['quiz_id', 'question_index', 'stage', 'due_at', 'created_at', 'updated_at'])
      .where('user_id', '=', userId)
      .orderBy('due_at')
      .execute();
    return { review_items };
  },
  async erase(trx, userIds) {
    await trx.deleteFrom('review_items').where('user_id', 'in', userIds).execute();
  },
};
