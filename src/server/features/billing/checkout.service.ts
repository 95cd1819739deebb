import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderSuccessReply } from '#shared/api/billing.schema.ts';
import { site } from '#shared/site.ts';
import type { UserRow } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict, forbidden, notFound, unavailable } from '../../platform/errors.ts';
import type { BillingMetrics } from './billing.metrics.ts';
import type { Grants } from './grants.service.ts';
import type { OrdersRepo } from './orders.repo.ts';
import {
  discountedCents,
  malformedCode,
  normalizeCode,
  refusal,
  type PromoCodeRow,
} from './promo-codes.ts';
import { PaymentsUnavailableError, type CheckoutInfo, type PaymentsDriver } from './payments.ts';

/** A double click within this window reuses the same checkout (same idempotency key). */
const CHECKOUT_REUSE_MS = 10 * 60 * 1000;

/** The end of a user's active paid year, if one is running (the access feature, wired in buildApp). */
export type ActiveAccessOf = (userId: string) => Promise<{ accessEndsAt: string } | undefined>;

export const providerDown = () =>
  unavailable('The payment provider is not reachable right now. Please try again in a minute.');

const otherAccountsPayment = () =>
  forbidden(
    'This payment belongs to another account. Sign in with the account that paid.',
    'not_your_order',
  );

interface CheckoutDeps {
  payments: PaymentsDriver;
  orders: OrdersRepo;
  grants: Grants;
  activeAccessOf: ActiveAccessOf;
  clock: Clock;
  /** Our public origin, for Checkout's return addresses. */
  origin: string;
  adsConversionId?: string | undefined;
  log: FastifyBaseLogger;
  metrics?: BillingMetrics | undefined;
}

/** Buying a year of access: opening a checkout, and confirming it when the learner comes back. */
export function createCheckoutService(deps: CheckoutDeps) {
  const { payments, orders, clock } = deps;
  const conversion = deps.adsConversionId
    ? { sendTo: deps.adsConversionId, tagId: deps.adsConversionId.split('/')[0] ?? '' }
    : null;

  return {
    /**
     * POST /create-checkout-session: refuses a second purchase while access is active, and a
     * promotion code our rules refuse (nothing is opened at the provider then).
     */
    async startCheckout(user: UserRow, promoCode?: string): Promise<{ id: string; url: string }> {
      const active = await deps.activeAccessOf(user.id);
      if (active) {
        throw conflict(
          `You already have access until ${longDate(active.accessEndsAt)}, so there is nothing to buy. Open your dashboard to keep learning.`,
          'already_subscribed',
        );
      }
      const now = clock.now();
      const promo = promoCode === undefined ? null : await usableCode(deps, promoCode, now);
      const checkout = await open(deps, user, now, promo?.stripe_promotion_code_id ?? null);
      await orders.insertPending({
        id: randomUUID(),
        userId: user.id,
        provider: payments.kind,
        providerSessionId: checkout.id,
        amountCents: promo ? discountedCents(site.priceCents, promo) : site.priceCents,
        promo: promo ? { code: promo.code, listPriceCents: site.priceCents } : undefined,
        currency: site.currency,
        createdAt: now.toISOString(),
      });
      deps.metrics?.orderStarted(payments.kind);
      return checkout;
    },

    /** GET /api/order/success: confirms with the provider and grants if paid (own orders only). */
    async orderSuccess(user: UserRow, sessionId: string): Promise<OrderSuccessReply> {
      const existing = await orders.findBySessionId(sessionId);
      if (existing && existing.user_id !== user.id) throw otherAccountsPayment();
      const checkout = await lookUp(deps, sessionId);
      if (!checkout) {
        throw notFound(
          `We could not find that payment. If you were charged, write to ${site.contactEmail} and we will sort it out.`,
        );
      }
      if (checkout.userId !== user.id) throw otherAccountsPayment();
      if (!checkout.paid) {
        throw conflict(
          'Your payment has not been confirmed yet. Some payment methods take a little while; this page will show your access as soon as it is.',
          'payment_pending',
        );
      }
      await deps.grants.grant(checkout, 'success_lookup');
      const order = await orders.findBySessionId(sessionId);
      if (!order || order.status !== 'paid' || order.revoked_at || !order.access_ends_at) {
        throw conflict(
          'This payment was refunded or disputed, so it no longer gives access.',
          'order_revoked',
        );
      }
      return {
        session: { id: sessionId, paymentStatus: 'paid', accessEndDate: order.access_ends_at },
        conversion,
      };
    },
  };
}
export type CheckoutService = ReturnType<typeof createCheckoutService>;

/**
 * The promotion code a learner typed, if our rules let it be used now; otherwise the 4xx that says
 * why. With Stripe the code must also exist there (codes made under the demo driver do not).
 */
export async function usableCode(
  { orders, payments }: Pick<CheckoutDeps, 'orders' | 'payments'>,
  typed: string,
  now: Date,
): Promise<PromoCodeRow> {
  const code = normalizeCode(typed);
  if (code === null) throw malformedCode();
  const row = await orders.promoCodes.find(code);
  const refused = refusal(row, typed, now);
  if (refused) throw refused;
  if (!row) throw malformedCode(); // refusal() already answered for a missing row
  if (payments.kind === 'stripe' && !row.stripe_promotion_code_id) {
    throw conflict(
      'This promotion code cannot be used for card payments. Please write to us.',
      'promo_not_at_provider',
    );
  }
  return row;
}

/** The provider's view of a checkout; a provider that cannot be reached is a 503 for the learner. */
async function lookUp(
  { payments, log }: Pick<CheckoutDeps, 'payments' | 'log'>,
  sessionId: string,
): Promise<CheckoutInfo | null> {
  try {
    return await payments.retrieveCheckout(sessionId);
  } catch (err) {
    if (err instanceof PaymentsUnavailableError) {
      log.error({ err, sessionId }, 'checkout look-up failed');
      throw providerDown();
    }
    throw err;
  }
}

/** Opens a Checkout for one year of access at our price, reusing it for a double click. */
async function open(
  { payments, log, origin }: Pick<CheckoutDeps, 'payments' | 'log' | 'origin'>,
  user: UserRow,
  now: Date,
  providerPromotionCodeId: string | null,
): Promise<{ id: string; url: string }> {
  const window = Math.floor(now.getTime() / CHECKOUT_REUSE_MS);
  // The e-mail is part of the key because Stripe rejects a reused key with different parameters.
  // The code too: the same learner opening checkout again with a code must not get the old session.
  const emailHash = createHash('sha256')
    .update(providerPromotionCodeId ? `${user.email}\n${providerPromotionCodeId}` : user.email)
    .digest('hex')
    .slice(0, 12);
  try {
    return await payments.createCheckout({
      userId: user.id,
      email: user.email,
      amountCents: site.priceCents,
      currency: site.currency,
      productName: site.planName,
      successUrl: `${origin}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/pricing`,
      idempotencyKey: `indent-checkout-${user.id}-${window}-${emailHash}`,
      providerPromotionCodeId,
    });
  } catch (err) {
    if (err instanceof PaymentsUnavailableError) {
      log.error({ err, userId: user.id }, 'checkout creation failed');
      throw providerDown();
    }
    throw err;
  }
}

/** 'November 21, 2027' for messages people read. */
function longDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
