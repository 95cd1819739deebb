import type { PersonalDataOwner } from '../../platform/personal-data.ts';

/**
 * The admin command's audit rows about the learner (decision 0027): the seller's record of what was
 * changed by hand, kept like the orders it speaks of, with the e-mail blanked.
 */
export const adminPersonalData: PersonalDataOwner = {
  feature: 'admin',
  tables: [
    {
      table: 'admin_audit',
      columns: ['user_id', 'email'],
      kept: 'The record of changes made by hand stays with the orders, with no e-mail on it.',
    },
  ],
  async export(db, userId) {
    const changes = await db
      .selectFrom('admin_audit')
      .select(['at', 'command', 'details', 'reason'])
      .where('user_id', '=', userId)
      .orderBy('at')
      .execute();
    return { changes_by_hand: changes };
  },
  async erase(trx, userIds) {
    await trx
      .updateTable('admin_audit')
      .set({ email: '' })
      .where('user_id', 'in', userIds)
      .execute();
  },
};
