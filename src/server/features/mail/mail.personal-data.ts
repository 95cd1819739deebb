import type { PersonalDataOwner } from '../../platform/personal-data.ts';

/** Mails queued and sent to the learner (decision 0027). */
export const mailPersonalData: PersonalDataOwner = {
  feature: 'mail',
  tables: [{ table: 'mail_outbox', columns: ['user_id', 'to_address'] }],
  async export(db, userId) {
    const mails = await db
      .selectFrom('mail_outbox')
      .select(['kind', 'to_address', 'subject', 'text_body', 'status', 'created_at', 'sent_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    return { mails };
  },
  async erase(trx, userIds) {
    // Mails not yet sent go too: nothing more is sent to an erased account.
    await trx.deleteFrom('mail_outbox').where('user_id', 'in', userIds).execute();
  },
};
