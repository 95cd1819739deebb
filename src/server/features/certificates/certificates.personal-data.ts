import type { PersonalDataOwner } from '../../platform/personal-data.ts';

/**
 * Certificates (decision 0027). Kept on erasing unless the learner withdraws them as they delete
 * their account: a shared address should keep working (decision 0015), and a certificate holds only
 * the name the learner chose to publish. Withdrawn ones keep their row with the name blanked, so
 * the address says so.
 */
export const certificatesPersonalData: PersonalDataOwner = {
  feature: 'certificates',
  tables: [
    {
      table: 'certificates',
      columns: ['user_id'],
      kept: 'A public certificate stays unless withdrawn (decision 0015); withdrawn, its name is blanked.',
    },
  ],
  async export(db, userId) {
    const certificates = await db
      .selectFrom('certificates')
      .select(['id', 'name', 'issued_at', 'withdrawn_at', 'revoked_at', 'issued_for'])
      .where('user_id', '=', userId)
      .orderBy('issued_at')
      .execute();
    return { certificates };
  },
  async erase(trx, userIds, { now, withdrawCertificate }) {
    if (!withdrawCertificate) return;
    await trx
      .updateTable('certificates')
      .set({ withdrawn_at: now, name: '' })
      .where('user_id', 'in', userIds)
      .where('withdrawn_at', 'is', null)
      .execute();
  },
};
