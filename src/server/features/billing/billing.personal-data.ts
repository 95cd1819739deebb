import type { PersonalDataOwner } from '../../platform/personal-data.ts';

/** Orders (decision 0027): kept for the legal period, never erased with the account. */
export const billingPersonalData: PersonalDataOwner = {
  feature: 'billing',
  tables: [
    {
      table: 'orders',
      columns: ['user_id'],
      kept: 'Tax and accounting law: 7 years after the purchase, with no name or e-mail on them.',
    },
  ],
  async export(db, userId) {
    // What was bought and when; no card data is ever stored, and the provider's ids mean nothing
    // to the learner.
    const orders = await db
      .selectFrom('orders')
      .select([
        'id',
        'kind',
        'status',
        'amount_cents',
        'currency',
        'created_at',
        'paid_at',
        'access_ends_at',
        'revoked_at',
        'revoke_reason',
      ])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    return { orders };
  },
  async erase() {
    // Kept (see `kept`): the row identifies nobody once the account row is blanked.
  },
};
