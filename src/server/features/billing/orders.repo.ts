import type { Kysely } from 'kysely';
import type { Database, OrderRow, OrdersTable } from '../../db/schema.ts';
import { createPromoCodesRepo } from './promo-codes.ts';

/** Statuses a payment confirmation may move to `paid`; refunded or disputed orders never come back. */
const GRANTABLE: OrdersTable['status'][] = ['pending', 'failed', 'canceled'];

export interface NewOrder {
  id: string;
  userId: string;
  provider: OrdersTable['provider'];
  providerSessionId: string;
  amountCents: number;
  currency: string;
  createdAt: string;
  /** A promotion code applied when the checkout opened: `amountCents` is then the discounted price. */
  promo?: { code: string; listPriceCents: number } | undefined;
}

/**
 * Orders and processed payment events. Works on the database or on a transaction (Kysely's
 * Transaction is a Kysely), so the service can run an event's record and its effect atomically.
 */
export function createOrdersRepo(db: Kysely<Database>) {
  return {
    ...orderQueries(db),
    /**
     * Runs `work` in one transaction with queries bound to it. Inside, use only those queries: on
     * SQLite the one connection belongs to the transaction until it ends.
     */
    transaction<T>(work: (queries: OrderQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(orderQueries(trx)));
    },
  };
}
export type OrdersRepo = ReturnType<typeof createOrdersRepo>;

function orderQueries(db: Kysely<Database>) {
  return {
    ...orderReads(db),
    ...orderWrites(db),
    ...paymentEvents(db),
    ...byHand(db),
    ...orderPromos(db),
    /** Promotion codes, so a grant counts a use in its own transaction. */
    promoCodes: createPromoCodesRepo(db),
    /** The transaction these queries run in, for another feature's write that must commit with them. */
    executor: db,
  };
}
export type OrderQueries = ReturnType<typeof orderQueries>;

/** Looking up orders, and the users a rebuilt order may belong to. */
function orderReads(db: Kysely<Database>) {
  return {
    findBySessionId(sessionId: string): Promise<OrderRow | undefined> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('provider_session_id', '=', sessionId)
        .executeTakeFirst();
    },

    findByPaymentIntent(paymentIntentId: string): Promise<OrderRow | undefined> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('payment_intent_id', '=', paymentIntentId)
        .executeTakeFirst();
    },

    async userExists(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .executeTakeFirst();
      return Boolean(row);
    },

    async findUser(userId: string) {
      return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    },
  };
}

/** An order's life: created pending, then paid, unpaid or revoked. */
function orderWrites(db: Kysely<Database>) {
  return {
    /** Inserts a pending order; a second insert for the same checkout session changes nothing. */
    async insertPending(order: NewOrder): Promise<void> {
      await db
        .insertInto('orders')
        .values({
          id: order.id,
          user_id: order.userId,
          provider: order.provider,
          provider_session_id: order.providerSessionId,
          payment_intent_id: null,
          status: 'pending',
          amount_cents: order.amountCents,
          currency: order.currency,
          created_at: order.createdAt,
          paid_at: null,
          access_ends_at: null,
          revoked_at: null,
          revoke_reason: null,
          promo_code: order.promo?.code ?? null,
          list_price_cents: order.promo?.listPriceCents ?? null,
        })
        .onConflict((oc) => oc.column('provider_session_id').doNothing())
        .execute();
    },

    /**
     * Moves the order to `paid` if it is not paid yet. The WHERE clause makes this the only place where
     * the grant can happen, and only once: a concurrent second call finds the row already paid (it
     * waits for the first one's row lock on PostgreSQL; SQLite runs writes one at a time) and updates
     * nothing. Returns whether this call was the one that granted.
     */
    async markPaid(input: {
      sessionId: string;
      paidAt: string;
      accessEndsAt: string;
      paymentIntentId: string | null;
    }): Promise<boolean> {
      const result = await db
        .updateTable('orders')
        .set({
          status: 'paid',
          paid_at: input.paidAt,
          access_ends_at: input.accessEndsAt,
          payment_intent_id: input.paymentIntentId,
        })
        .where('provider_session_id', '=', input.sessionId)
        .where('status', 'in', GRANTABLE)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** pending -> failed or canceled; anything else stays as it is. */
    async markUnpaid(sessionId: string, status: 'failed' | 'canceled'): Promise<boolean> {
      const result = await db
        .updateTable('orders')
        .set({ status })
        .where('provider_session_id', '=', sessionId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Ends a paid order's access for good. Returns whether this call revoked it. */
    async revoke(input: {
      orderId: string;
      status: 'refunded' | 'disputed';
      reason: string;
      at: string;
    }): Promise<boolean> {
      const result = await db
        .updateTable('orders')
        .set({ status: input.status, revoked_at: input.at, revoke_reason: input.reason })
        .where('id', '=', input.orderId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

/** The promotion code an order carries and what it was charged (decision 0036). */
function orderPromos(db: Kysely<Database>) {
  return {
    /**
     * Applies a promotion code to a checkout not yet paid (the demo page's field): the order then
     * asks the discounted price. False when the order is no longer pending.
     */
    async applyPromo(input: {
      sessionId: string;
      code: string;
      amountCents: number;
      listPriceCents: number;
    }): Promise<boolean> {
      const result = await db
        .updateTable('orders')
        .set({
          promo_code: input.code,
          amount_cents: input.amountCents,
          list_price_cents: input.listPriceCents,
        })
        .where('provider_session_id', '=', input.sessionId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Records what a paid Stripe checkout actually used: its code (null for none), the amount
     * charged, and whether the code could still be counted (decision 0036).
     */
    async recordPromoPaid(input: {
      orderId: string;
      code: string | null;
      amountCents: number;
      listPriceCents: number | null;
      overLimit: boolean;
    }): Promise<void> {
      await db
        .updateTable('orders')
        .set({
          promo_code: input.code,
          amount_cents: input.amountCents,
          list_price_cents: input.listPriceCents,
          promo_over_limit: input.overLimit ? 1 : 0,
        })
        .where('id', '=', input.orderId)
        .execute();
    },
  };
}

/**
 * What the admin command (features/admin) does to orders by hand: list them, give complimentary
 * access (an order of its own kind, so the access rule is unchanged), move an access end, revoke.
 */
function byHand(db: Kysely<Database>) {
  return {
    /** One learner's orders, newest first; every order when no user is named. */
    listOrders(userId?: string): Promise<OrderRow[]> {
      let query = db.selectFrom('orders').selectAll();
      if (userId !== undefined) query = query.where('user_id', '=', userId);
      return query.orderBy('created_at', 'desc').orderBy('id').execute();
    },

    async insertComplimentary(input: {
      id: string;
      userId: string;
      at: string;
      accessEndsAt: string;
      currency: string;
    }): Promise<void> {
      await db
        .insertInto('orders')
        .values({
          id: input.id,
          user_id: input.userId,
          provider: 'admin',
          provider_session_id: `admin_${input.id}`,
          payment_intent_id: null,
          status: 'paid',
          kind: 'complimentary',
          amount_cents: 0,
          currency: input.currency,
          created_at: input.at,
          paid_at: input.at,
          access_ends_at: input.accessEndsAt,
          revoked_at: null,
          revoke_reason: null,
        })
        .execute();
    },

    /** Moves a live order's access end; false if it was revoked or is not paid. */
    async setAccessEnd(orderId: string, accessEndsAt: string): Promise<boolean> {
      const result = await db
        .updateTable('orders')
        .set({ access_ends_at: accessEndsAt })
        .where('id', '=', orderId)
        .where('status', '=', 'paid')
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Ends an order's access without a refund (its status stays); false if already revoked. */
    async revokeByHand(input: { orderId: string; reason: string; at: string }): Promise<boolean> {
      const result = await db
        .updateTable('orders')
        .set({ revoked_at: input.at, revoke_reason: input.reason.slice(0, 255) })
        .where('id', '=', input.orderId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

/** The provider events already processed, so a redelivery changes nothing. */
function paymentEvents(db: Kysely<Database>) {
  return {
    /** Records a provider event id; false if it was already recorded (a redelivery). */
    async recordEvent(id: string, type: string, at: string): Promise<boolean> {
      const result = await db
        .insertInto('payment_events')
        .values({ id, type: type.slice(0, 128), processed_at: at })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },
  };
}
