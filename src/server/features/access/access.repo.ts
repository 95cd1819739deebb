import type { Db } from '../../db/database.ts';
import { precompile } from '../../db/precompiled.ts';

export interface ActiveAccess {
  orderId: string;
  providerSessionId: string;
  accessEndsAt: string;
  /** What the order cost and the promotion code it used (issue 38), for the account page. */
  amountCents: number;
  currency: string;
  promoCode: string | null;
  listPriceCents: number | null;
}

export function createAccessRepo(db: Db) {
  // Behind every course request whose access is not remembered (access.service.ts).
  const findActiveQuery = precompile((userId: string, now: string) =>
    db
      .selectFrom('orders')
      .select([
        'id',
        'provider_session_id',
        'access_ends_at',
        'amount_cents',
        'currency',
        'promo_code',
        'list_price_cents',
      ])
      .where('user_id', '=', userId)
      .where('status', '=', 'paid')
      .where('revoked_at', 'is', null)
      .where('access_ends_at', '>', now)
      .orderBy('access_ends_at', 'desc')
      .limit(1),
  );

  return {
    /** The paid, unrevoked order whose access lasts longest past `now`, if any. */
    async findActive(userId: string, now: string): Promise<ActiveAccess | undefined> {
      const [row] = (await findActiveQuery.run(db, userId, now)).rows;
      if (!row?.access_ends_at) return undefined;
      return {
        orderId: row.id,
        providerSessionId: row.provider_session_id,
        accessEndsAt: row.access_ends_at,
        amountCents: row.amount_cents,
        currency: row.currency,
        promoCode: row.promo_code,
        listPriceCents: row.list_price_cents,
      };
    },
  };
}
export type AccessRepo = ReturnType<typeof createAccessRepo>;
