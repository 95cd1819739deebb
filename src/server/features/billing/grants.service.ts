import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { site } from '#shared/site.ts';
import { addDays, type Clock } from '../../platform/clock.ts';
import type { OrderRow } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { BillingMetrics } from './billing.metrics.ts';
import type { OrderQueries, OrdersRepo } from './orders.repo.ts';
import { refusal } from './promo-codes.ts';
import {
  WebhookSignatureError,
  type CheckoutInfo,
  type PaymentsDriver,
  type ProviderEvent,
} from './payments.ts';

export type GrantSource = 'webhook' | 'success_lookup' | 'demo';
export type GrantOutcome = 'granted' | 'already_granted' | 'ignored';
export type WebhookOutcome =
  | GrantOutcome
  | 'duplicate_event'
  | 'marked_failed'
  | 'marked_canceled'
  | 'revoked'
  | 'already_revoked'
  | 'unknown_order';

/** What an event did, and whose access it ended (to be told once the change has committed). */
export interface EventResult {
  outcome: WebhookOutcome;
  revokedUserId?: string;
}

export interface GrantsDeps {
  payments: PaymentsDriver;
  orders: OrdersRepo;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Access ended for this user and the change has committed (the access feature forgets its memo). */
  onAccessRevoked: (userId: string) => void;
  /** Queues the receipt mail (features/mail, wired in buildApp). */
  receipts: ReceiptQueue;
  /** Counts grants and webhooks (the app's; the admin command has none). */
  metrics?: BillingMetrics | undefined;
}

/** A paid order, as the receipt mail needs it. */
export interface PaidOrder {
  orderId: string;
  userId: string;
  amountCents: number;
  currency: string;
  paidAt: string;
  accessEndsAt: string;
  /** The promotion code used and the price before it, when one was. */
  promo?: { code: string; listPriceCents: number | null } | undefined;
}

/**
 * Where a grant's receipt goes: written with `tx`, the grant's own transaction, so the mail exists if
 * and only if the grant committed, once per order however often the payment is confirmed.
 */
export interface ReceiptQueue {
  queueReceipt(tx: OrderQueries['executor'], order: PaidOrder): Promise<void>;
}

/**
 * Granting and ending a year of access. One grant function serves the webhook, the success look-up
 * and the demo checkout, so whichever confirmation arrives first grants and the others change nothing.
 */
export function createGrants(deps: GrantsDeps) {
  const { orders } = deps;

  return {
    /** Grants in a transaction of its own (the success look-up and the demo checkout). */
    async grant(checkout: CheckoutInfo, source: GrantSource): Promise<GrantOutcome> {
      const outcome = await orders.transaction((q) => grantWith(deps, q, checkout, source));
      if (outcome === 'granted') deps.metrics?.granted(source);
      return outcome;
    },

    /**
     * POST /api/stripe/webhook. The event id is recorded in the same transaction as its effect, so
     * a redelivered event changes nothing and a failed one (rolled back) is retried by the provider.
     */
    async handleWebhook(
      rawBody: Buffer | undefined,
      signature: string | undefined,
    ): Promise<WebhookOutcome> {
      let event: ProviderEvent;
      try {
        event = verify(deps, rawBody, signature);
      } catch (err) {
        deps.metrics?.webhookRefused();
        throw err;
      }
      const result = await orders.transaction((q) => recordAndApply(deps, q, event));
      deps.metrics?.webhookProcessed(result.outcome);
      if (result.outcome === 'granted') deps.metrics?.granted('webhook');
      // Only once the revocation is committed, or a request in between could remember the old row.
      if (result.revokedUserId) deps.onAccessRevoked(result.revokedUserId);
      return result.outcome;
    },

    /**
     * An event that comes without a webhook (the demo driver's refund, made by the admin command),
     * recorded and applied exactly as a verified webhook's, inside the caller's transaction so the
     * caller's own record commits with it. The caller tells access once that transaction commits.
     */
    applyEventIn(q: OrderQueries, event: ProviderEvent): Promise<EventResult> {
      return recordAndApply(deps, q, event);
    },
  };
}

/** Records the event id and applies its effect, once: a redelivery changes nothing. */
async function recordAndApply(
  deps: GrantsDeps,
  q: OrderQueries,
  event: ProviderEvent,
): Promise<EventResult> {
  const first = await q.recordEvent(event.id, event.providerType, deps.clock.now().toISOString());
  return first ? applyEvent(deps, q, event) : { outcome: 'duplicate_event' };
}
export type Grants = ReturnType<typeof createGrants>;

/** Finds the order of a paid checkout, rebuilding it from the provider's data if we have none. */
async function orderFor(
  deps: GrantsDeps,
  q: OrderQueries,
  checkout: CheckoutInfo,
  source: GrantSource,
) {
  const { clock, log } = deps;
  const order = await q.findBySessionId(checkout.sessionId);
  if (order) {
    if (!checkout.userId || checkout.userId === order.user_id) return order;
    log.error(
      { sessionId: checkout.sessionId, orderUser: order.user_id, checkoutUser: checkout.userId },
      'checkout names another user than its order: nothing granted',
    );
    return undefined;
  }
  // The payment landed before (or without) our own record of the checkout: rebuild it from the
  // provider's data, but only for a user we know.
  if (!checkout.userId || !(await q.userExists(checkout.userId))) {
    log.warn(
      { sessionId: checkout.sessionId, userId: checkout.userId, source },
      'paid checkout for no known user: nothing granted',
    );
    return undefined;
  }
  await q.insertPending({
    id: randomUUID(),
    userId: checkout.userId,
    provider: deps.payments.kind,
    providerSessionId: checkout.sessionId,
    amountCents: checkout.amountCents ?? site.priceCents,
    currency: checkout.currency ?? site.currency,
    createdAt: clock.now().toISOString(),
  });
  return q.findBySessionId(checkout.sessionId);
}

/**
 * Grants a year of access for a paid checkout, at most once. Runs inside the caller's transaction.
 * Access runs from the moment we first learn of the payment (the injected clock), which is when the
 * learner can start using it.
 */
async function grantWith(
  deps: GrantsDeps,
  q: OrderQueries,
  checkout: CheckoutInfo,
  source: GrantSource,
): Promise<GrantOutcome> {
  const { clock, log } = deps;
  if (!checkout.paid) return 'ignored';
  const order = await orderFor(deps, q, checkout, source);
  if (!order) return 'ignored';
  const now = clock.now();
  const accessEndsAt = addDays(now, site.accessDays).toISOString();
  const granted = await q.markPaid({
    sessionId: checkout.sessionId,
    paidAt: now.toISOString(),
    accessEndsAt,
    paymentIntentId: checkout.paymentIntentId,
  });
  if (!granted) return 'already_granted';
  const paid = await settlePromo(deps, q, order, checkout, now.toISOString());
  await deps.receipts.queueReceipt(q.executor, {
    orderId: order.id,
    userId: order.user_id,
    amountCents: paid.amountCents,
    promo: paid.promo,
    currency: order.currency,
    paidAt: now.toISOString(),
    accessEndsAt,
  });
  log.info(
    {
      userId: order.user_id,
      orderId: order.id,
      sessionId: checkout.sessionId,
      source,
      accessEndsAt,
    },
    'access granted',
  );
  return 'granted';
}

/**
 * Counts the order's promotion code, in the grant's transaction (decision 0036). The demo checkout
 * takes no money before this point, so a code used up or ended meanwhile refuses the payment and the
 * whole grant rolls back. A Stripe payment has already been taken at the discounted price: it is
 * granted, and the order is marked over the limit for the seller to see, never silently counted.
 */
async function settlePromo(
  deps: GrantsDeps,
  q: OrderQueries,
  order: OrderRow,
  checkout: CheckoutInfo,
  now: string,
): Promise<{ amountCents: number; promo?: PaidOrder['promo'] }> {
  const fromProvider = checkout.promotion
    ? await q.promoCodes.findByProviderId(checkout.promotion.providerCodeId)
    : undefined;
  const code = fromProvider?.code ?? order.promo_code;
  const listPriceCents = checkout.promotion?.listPriceCents ?? order.list_price_cents;
  const amountCents =
    order.provider === 'stripe' ? (checkout.amountCents ?? order.amount_cents) : order.amount_cents;
  if (!code) return { amountCents };
  const counted = await q.promoCodes.claimUse(code, now);
  if (!counted && order.provider === 'demo') {
    throw (
      refusal(await q.promoCodes.find(code), code, new Date(now)) ??
      conflict('This promotion code has been used up.', 'promo_used_up')
    );
  }
  if (order.provider === 'stripe') {
    await q.recordPromoPaid({
      orderId: order.id,
      code,
      amountCents,
      listPriceCents,
      overLimit: !counted,
    });
  }
  if (!counted) {
    deps.log.warn(
      { orderId: order.id, code, sessionId: checkout.sessionId },
      'paid with a promotion code no longer valid: granted at the price paid, marked over the limit',
    );
  }
  return { amountCents, promo: { code, listPriceCents } };
}

/** Ends the access of a refunded or disputed payment's order, at most once. */
async function revokeWith(
  deps: GrantsDeps,
  q: OrderQueries,
  event: ProviderEvent,
  paymentIntentId: string | null,
  status: 'refunded' | 'disputed',
  reason: string,
): Promise<EventResult> {
  const { clock, log } = deps;
  const order = paymentIntentId ? await q.findByPaymentIntent(paymentIntentId) : undefined;
  if (!order) {
    log.warn({ eventId: event.id, paymentIntentId }, `${status} payment has no order here`);
    return { outcome: 'unknown_order' };
  }
  const revoked = await q.revoke({
    orderId: order.id,
    status,
    reason: reason.slice(0, 255),
    at: clock.now().toISOString(),
  });
  if (!revoked) return { outcome: 'already_revoked' };
  log.warn(
    { userId: order.user_id, orderId: order.id, eventId: event.id, status, reason },
    'access revoked',
  );
  return { outcome: 'revoked', revokedUserId: order.user_id };
}

/** What one verified provider event does to our orders, inside the webhook's transaction. */
async function applyEvent(
  deps: GrantsDeps,
  q: OrderQueries,
  event: ProviderEvent,
): Promise<EventResult> {
  const { log } = deps;
  switch (event.type) {
    case 'checkout.completed':
    case 'checkout.async_succeeded':
      // A completed checkout with a delayed payment method is not paid yet: wait for its
      // async_payment_succeeded event.
      return { outcome: await grantWith(deps, q, event.checkout, 'webhook') };
    case 'checkout.async_failed':
      return {
        outcome: (await q.markUnpaid(event.checkout.sessionId, 'failed'))
          ? 'marked_failed'
          : 'ignored',
      };
    case 'checkout.expired':
      // Abandoned: the customer did not pay within the session's lifetime.
      return {
        outcome: (await q.markUnpaid(event.checkout.sessionId, 'canceled'))
          ? 'marked_canceled'
          : 'ignored',
      };
    case 'charge.refunded':
      if (!event.fullyRefunded) {
        // A partial refund is a goodwill gesture, not a cancellation: access stays.
        log.info(
          {
            eventId: event.id,
            paymentIntentId: event.paymentIntentId,
            amount: event.amountRefunded,
          },
          'partial refund: access kept',
        );
        return { outcome: 'ignored' };
      }
      return revokeWith(
        deps,
        q,
        event,
        event.paymentIntentId,
        'refunded',
        `refunded in full (${event.providerType} ${event.id})`,
      );
    case 'charge.dispute_created':
      return revokeWith(
        deps,
        q,
        event,
        event.paymentIntentId,
        'disputed',
        `payment disputed: ${event.reason} (${event.providerType} ${event.id})`,
      );
    case 'other':
      return { outcome: 'ignored' };
    default: {
      // Every event kind the driver can report is handled above; the compiler checks it.
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/** The provider event in a webhook request, refused unless its signature verifies. */
function verify(
  deps: GrantsDeps,
  rawBody: Buffer | undefined,
  signature: string | undefined,
): ProviderEvent {
  const { log } = deps;
  const verifyWebhook = deps.payments.verifyWebhook?.bind(deps.payments);
  if (!verifyWebhook) {
    throw notFound('Webhooks are not enabled: this server uses the demo checkout.');
  }
  if (!rawBody || rawBody.length === 0 || !signature) {
    throw badRequest(
      'The webhook needs the raw event body and its Stripe-Signature header.',
      'bad_signature',
    );
  }
  try {
    return verifyWebhook(rawBody, signature);
  } catch (err) {
    if (err instanceof WebhookSignatureError) {
      log.warn({ reason: err.message }, 'webhook signature refused');
      throw badRequest(
        'The webhook signature did not verify. Check STRIPE_WEBHOOK_SECRET matches this endpoint.',
        'bad_signature',
      );
    }
    throw err;
  }
}
