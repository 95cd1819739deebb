import type { Kysely } from 'kysely';
import type { Database, PromoCodeRow } from '../../db/schema.ts';
import { AppError, badRequest, conflict } from '../../platform/errors.ts';

export type { PromoCodeRow };

/**
 * Codes are letters and digits (all Stripe accepts in a promotion code), kept upper case, so case
 * never matters.
 */
const CODE_PATTERN = /^[A-Z0-9]{3,40}$/;

/** The code as stored: trimmed and upper case; null when it cannot be a code at all. */
export function normalizeCode(text: string): string | null {
  const code = text.trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

/** The price after the code, in cents (never below one cent: a free order is a complimentary grant). */
export function discountedCents(listCents: number, code: PromoCodeRow): number {
  const off =
    code.percent_off !== null
      ? Math.round((listCents * code.percent_off) / 100)
      : (code.amount_off_cents ?? 0);
  return Math.max(1, listCents - off);
}

/** '25% off' or '$100.00 off', for the seller's and the learner's eyes. */
export function describeDiscount(code: Pick<PromoCodeRow, 'percent_off' | 'amount_off_cents'>) {
  return code.percent_off !== null
    ? `${code.percent_off}% off`
    : `$${((code.amount_off_cents ?? 0) / 100).toFixed(2)} off`;
}

/** 'December 31, 2026' (UTC) for messages people read. */
function day(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * Why a code cannot be used now, as the learner reads it; null when it can. The same rules serve
 * the demo page, the Stripe checkout and (through the conditional update) the grant.
 */
export function refusal(code: PromoCodeRow | undefined, typed: string, now: Date): AppError | null {
  if (!code) {
    return new AppError(
      404,
      'promo_unknown',
      `There is no promotion code "${typed.trim().slice(0, 40)}". Check the spelling and try again.`,
    );
  }
  if (code.ended_at) return conflict('This promotion code has ended.', 'promo_ended');
  if (code.expires_at !== null && code.expires_at <= now.toISOString()) {
    return conflict(
      `This promotion code expired on ${day(new Date(Date.parse(code.expires_at) - 1).toISOString())}.`,
      'promo_expired',
    );
  }
  if (code.max_uses !== null && code.uses >= code.max_uses) {
    return conflict('This promotion code has been used up.', 'promo_used_up');
  }
  return null;
}

/** A code the learner typed that is not even shaped like one. */
export const malformedCode = () =>
  badRequest('A promotion code is 3 to 40 letters and digits.', 'promo_malformed');

export interface NewPromoCode {
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  maxUses: number | null;
  expiresAt: string | null;
  createdAt: string;
  reason: string;
  stripeCouponId: string | null;
  stripePromotionCodeId: string | null;
}

/** One code's figures for the seller: paid orders that used it and what they brought in. */
export interface PromoCodeFigures extends PromoCodeRow {
  paidOrders: number;
  revenueCents: number;
}

/** The promo_codes table (migration 0010), on the database or inside a transaction. */
export function createPromoCodesRepo(db: Kysely<Database>) {
  return {
    find(code: string): Promise<PromoCodeRow | undefined> {
      return db.selectFrom('promo_codes').selectAll().where('code', '=', code).executeTakeFirst();
    },

    /** Our code behind the provider's promotion code id (Stripe `promo_...`). */
    findByProviderId(providerCodeId: string): Promise<PromoCodeRow | undefined> {
      return db
        .selectFrom('promo_codes')
        .selectAll()
        .where('stripe_promotion_code_id', '=', providerCodeId)
        .executeTakeFirst();
    },

    /** False if the code already exists (ended codes too: a code is never reused). */
    async insert(input: NewPromoCode): Promise<boolean> {
      const result = await db
        .insertInto('promo_codes')
        .values({
          code: input.code,
          percent_off: input.percentOff,
          amount_off_cents: input.amountOffCents,
          max_uses: input.maxUses,
          expires_at: input.expiresAt,
          ended_at: null,
          created_at: input.createdAt,
          reason: input.reason.slice(0, 500),
          stripe_coupon_id: input.stripeCouponId,
          stripe_promotion_code_id: input.stripePromotionCodeId,
        })
        .onConflict((oc) => oc.column('code').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Ends a code for good; false if it was already ended. */
    async end(code: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('promo_codes')
        .set({ ended_at: at })
        .where('code', '=', code)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Counts one use, only if the code may still be used at `now`. The conditions sit in the UPDATE
     * itself, so of two payments racing for the last use exactly one gets it: PostgreSQL makes the
     * second wait for the first's row lock and re-checks `uses`; SQLite runs writes one at a time.
     */
    async claimUse(code: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('promo_codes')
        .set((eb) => ({ uses: eb('uses', '+', 1) }))
        .where('code', '=', code)
        .where('ended_at', 'is', null)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Every code, newest first, with its paid, unrevoked orders and their revenue. */
    async listWithFigures(): Promise<PromoCodeFigures[]> {
      const [codes, sums] = await Promise.all([
        db.selectFrom('promo_codes').selectAll().orderBy('created_at', 'desc').execute(),
        db
          .selectFrom('orders')
          .select((eb) => [
            'promo_code',
            eb.fn.countAll<number | string>().as('paid'),
            eb.fn.sum<number | string>('amount_cents').as('revenue'),
          ])
          .where('promo_code', 'is not', null)
          .where('status', '=', 'paid')
          .where('revoked_at', 'is', null)
          .groupBy('promo_code')
          .execute(),
      ]);
      const byCode = new Map(sums.map((s) => [s.promo_code, s]));
      return codes.map((c) => ({
        ...c,
        paidOrders: Number(byCode.get(c.code)?.paid ?? 0),
        revenueCents: Number(byCode.get(c.code)?.revenue ?? 0),
      }));
    },
  };
}
export type PromoCodesRepo = ReturnType<typeof createPromoCodesRepo>;
