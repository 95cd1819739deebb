import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderSuccessReply } from '#shared/api/billing.schema.ts';
import { site } from '#shared/site.ts';
import type { OrderRow, UserRow } from '../../db/schema.ts';
import { addDays, type Clock } from '../../platform/clock.ts';
import { badRequest, conflict, forbidden, notFound, unavailable } from '../../platform/errors.ts';
import type { AccessService } from '../access/access.service.ts';
import { demoPaymentIntentId } from './demo.payments.ts';
import type { OrderQueries, OrdersRepo } from './orders.repo.ts';
import {
  PaymentsUnavailableError,
  WebhookSignatureError,
  type CheckoutInfo,
  type PaymentsDriver,
  type ProviderEvent,
} from './payments.ts';

/** A double click within this window reuses the same checkout (same idempotency key). */
const CHECKOUT_REUSE_MS = 10 * 60 * 1000;

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

const providerDown = () =>
  unavailable('The payment provider is not reachable right now. Please try again in a minute.');

/**
 * The rules of buying a year of access. One grant function serves the webhook, the success look-up
 * and the demo checkout, so whichever confirmation arrives first grants and the others change nothing.
 */
export function createBillingService(deps: {
  payments: PaymentsDriver;
  orders: OrdersRepo;
  access: AccessService;
  clock: Clock;
  /** Our public origin, for Checkout's return addresses. */
  origin: string;
  adsConversionId?: string | undefined;
  log: FastifyBaseLogger;
}) {
  const { payments, orders, clock, log } = deps;

  /**
   * Grants a year of access for a paid checkout, at most once. Runs inside the caller's transaction.
   * Access runs from the moment we first learn of the payment (the injected clock), which is when the
   * learner can start using it.
   */
  async function grantWith(
    q: OrderQueries,
    checkout: CheckoutInfo,
    source: GrantSource,
  ): Promise<GrantOutcome> {
    if (!checkout.paid) return 'ignored';
    let order = await q.findBySessionId(checkout.sessionId);
    if (!order) {
      // The payment landed before (or without) our own record of the checkout: rebuild it from
      // the provider's data, but only for a user we know.
      if (!checkout.userId || !(await q.userExists(checkout.userId))) {
        log.warn(
          { sessionId: checkout.sessionId, userId: checkout.userId, source },
          'paid checkout for no known user: nothing granted',
        );
        return 'ignored';
      }
      await q.insertPending({
        id: randomUUID(),
        userId: checkout.userId,
        provider: payments.kind,
        providerSessionId: checkout.sessionId,
        amountCents: checkout.amountCents ?? site.priceCents,
        currency: checkout.currency ?? site.currency,
        createdAt: clock.now().toISOString(),
      });
      order = await q.findBySessionId(checkout.sessionId);
      if (!order) return 'ignored';
    } else if (checkout.userId && checkout.userId !== order.user_id) {
      log.error(
        { sessionId: checkout.sessionId, orderUser: order.user_id, checkoutUser: checkout.userId },
        'checkout names another user than its order: nothing granted',
      );
      return 'ignored';
    }
    const now = clock.now();
    const accessEndsAt = addDays(now, site.accessDays).toISOString();
    const granted = await q.markPaid({
      sessionId: checkout.sessionId,
      paidAt: now.toISOString(),
      accessEndsAt,
      paymentIntentId: checkout.paymentIntentId,
    });
    if (!granted) return 'already_granted';
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

  function grant(checkout: CheckoutInfo, source: GrantSource): Promise<GrantOutcome> {
    return orders.transaction((q) => grantWith(q, checkout, source));
  }

  async function revokeWith(
    q: OrderQueries,
    event: ProviderEvent,
    paymentIntentId: string | null,
    status: 'refunded' | 'disputed',
    reason: string,
    onRevoked: (userId: string) => void,
  ): Promise<WebhookOutcome> {
    const order = paymentIntentId ? await q.findByPaymentIntent(paymentIntentId) : undefined;
    if (!order) {
      log.warn({ eventId: event.id, paymentIntentId }, `${status} payment has no order here`);
      return 'unknown_order';
    }
    const revoked = await q.revoke({
      orderId: order.id,
      status,
      reason: reason.slice(0, 255),
      at: clock.now().toISOString(),
    });
    if (!revoked) return 'already_revoked';
    onRevoked(order.user_id);
    log.warn(
      { userId: order.user_id, orderId: order.id, eventId: event.id, status, reason },
      'access revoked',
    );
    return 'revoked';
  }

  async function applyEvent(
    q: OrderQueries,
    event: ProviderEvent,
    onRevoked: (userId: string) => void,
  ): Promise<WebhookOutcome> {
    switch (event.type) {
      case 'checkout.completed':
      case 'checkout.async_succeeded':
        // A completed checkout with a delayed payment method is not paid yet: wait for its
        // async_payment_succeeded event.
        return grantWith(q, event.checkout, 'webhook');
      case 'checkout.async_failed':
        return (await q.markUnpaid(event.checkout.sessionId, 'failed'))
          ? 'marked_failed'
          : 'ignored';
      case 'checkout.expired':
        // Abandoned: the customer did not pay within the session's lifetime.
        return (await q.markUnpaid(event.checkout.sessionId, 'canceled'))
          ? 'marked_canceled'
          : 'ignored';
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
          return 'ignored';
        }
        return revokeWith(
          q,
          event,
          event.paymentIntentId,
          'refunded',
          `refunded in full (${event.providerType} ${event.id})`,
          onRevoked,
        );
      case 'charge.dispute_created':
        return revokeWith(
          q,
          event,
          event.paymentIntentId,
          'disputed',
          `payment disputed: ${event.reason} (${event.providerType} ${event.id})`,
          onRevoked,
        );
      case 'other':
        return 'ignored';
      default: {
        // Every event kind the driver can report is handled above; the compiler checks it.
        const unhandled: never = event;
        return unhandled;
      }
    }
  }

  async function lookUp(sessionId: string): Promise<CheckoutInfo | null> {
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

  function demoOnly() {
    if (payments.kind !== 'demo') {
      throw notFound('The demo checkout is not enabled on this server.');
    }
  }

  async function ownDemoOrder(user: UserRow, sessionId: string): Promise<OrderRow> {
    demoOnly();
    const order = await orders.findBySessionId(sessionId);
    if (!order || order.provider !== 'demo') {
      throw notFound('This checkout does not exist. Please start again from the pricing page.');
    }
    if (order.user_id !== user.id) {
      throw forbidden('This checkout belongs to another account.', 'not_your_order');
    }
    return order;
  }

  const conversion = deps.adsConversionId
    ? { sendTo: deps.adsConversionId, tagId: deps.adsConversionId.split('/')[0] ?? '' }
    : null;

  return {
    /** POST /create-checkout-session: refuses a second purchase while access is active. */
    async startCheckout(user: UserRow): Promise<{ id: string; url: string }> {
      const active = await deps.access.active(user.id);
      if (active) {
        throw conflict(
          `You already have access until ${longDate(active.accessEndsAt)}, so there is nothing to buy. Open your dashboard to keep learning.`,
          'already_subscribed',
        );
      }
      const now = clock.now();
      const window = Math.floor(now.getTime() / CHECKOUT_REUSE_MS);
      // The e-mail is part of the key because Stripe rejects a reused key with different parameters.
      const emailHash = createHash('sha256').update(user.email).digest('hex').slice(0, 12);
      let checkout: { id: string; url: string };
      try {
        checkout = await payments.createCheckout({
          userId: user.id,
          email: user.email,
          amountCents: site.priceCents,
          currency: site.currency,
          productName: site.planName,
          successUrl: `${deps.origin}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${deps.origin}/pricing`,
          idempotencyKey: `indent-checkout-${user.id}-${window}-${emailHash}`,
        });
      } catch (err) {
        if (err instanceof PaymentsUnavailableError) {
          log.error({ err, userId: user.id }, 'checkout creation failed');
          throw providerDown();
        }
        throw err;
      }
      await orders.insertPending({
        id: randomUUID(),
        userId: user.id,
        provider: payments.kind,
        providerSessionId: checkout.id,
        amountCents: site.priceCents,
        currency: site.currency,
        createdAt: now.toISOString(),
      });
      return checkout;
    },

    /**
     * POST /api/stripe/webhook. The event id is recorded in the same transaction as its effect, so
     * a redelivered event changes nothing and a failed one (rolled back) is retried by the provider.
     */
    async handleWebhook(
      rawBody: Buffer | undefined,
      signature: string | undefined,
    ): Promise<WebhookOutcome> {
      if (!payments.verifyWebhook) {
        throw notFound('Webhooks are not enabled: this server uses the demo checkout.');
      }
      if (!rawBody || rawBody.length === 0 || !signature) {
        throw badRequest(
          'The webhook needs the raw event body and its Stripe-Signature header.',
          'bad_signature',
        );
      }
      let event: ProviderEvent;
      try {
        event = payments.verifyWebhook(rawBody, signature);
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
      let revokedUserId: string | undefined;
      const outcome = await orders.transaction(async (q) => {
        const first = await q.recordEvent(event.id, event.providerType, clock.now().toISOString());
        if (!first) return 'duplicate_event';
        return applyEvent(q, event, (userId) => (revokedUserId = userId));
      });
      // Only once the revocation is committed, or a request in between could remember the old row.
      if (revokedUserId) deps.access.forget(revokedUserId);
      return outcome;
    },

    /** GET /api/order/success: confirms with the provider and grants if paid (own orders only). */
    async orderSuccess(user: UserRow, sessionId: string): Promise<OrderSuccessReply> {
      const existing = await orders.findBySessionId(sessionId);
      if (existing && existing.user_id !== user.id) {
        throw forbidden(
          'This payment belongs to another account. Sign in with the account that paid.',
          'not_your_order',
        );
      }
      const checkout = await lookUp(sessionId);
      if (!checkout) {
        throw notFound(
          `We could not find that payment. If you were charged, write to ${site.contactEmail} and we will sort it out.`,
        );
      }
      if (checkout.userId !== user.id) {
        throw forbidden(
          'This payment belongs to another account. Sign in with the account that paid.',
          'not_your_order',
        );
      }
      if (!checkout.paid) {
        throw conflict(
          'Your payment has not been confirmed yet. Some payment methods take a little while; this page will show your access as soon as it is.',
          'payment_pending',
        );
      }
      await grant(checkout, 'success_lookup');
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

    /** GET /api/subscription/:googleId */
    async subscription(user: UserRow): Promise<{ accessEndDate: string }> {
      const active = await deps.access.active(user.id);
      if (!active) {
        throw forbidden(
          'You have no active access. Buy a year of access on the pricing page.',
          'no_access',
        );
      }
      return { accessEndDate: active.accessEndsAt };
    },

    async demoCheckout(user: UserRow, sessionId: string) {
      const order = await ownDemoOrder(user, sessionId);
      return {
        id: sessionId,
        planName: site.planName,
        amountCents: order.amount_cents,
        currency: order.currency,
        email: user.email,
        status: order.status,
      };
    },

    /** The demo page's Pay: marks the order paid through the same grant as the webhook. */
    async demoPay(user: UserRow, sessionId: string): Promise<{ redirect: string }> {
      const order = await ownDemoOrder(user, sessionId);
      const success = `/payment-success?session_id=${encodeURIComponent(sessionId)}`;
      if (order.paid_at) return { redirect: success };
      if (order.status !== 'pending') {
        throw conflict(
          'This checkout was canceled. Please start a new one from the pricing page.',
          'checkout_closed',
        );
      }
      if (await deps.access.active(user.id)) {
        throw conflict(
          'You already have active access, so this checkout was not charged. Open your dashboard.',
          'already_subscribed',
        );
      }
      await grant(
        {
          sessionId,
          userId: user.id,
          paid: true,
          paymentIntentId: demoPaymentIntentId(),
          amountCents: order.amount_cents,
          currency: order.currency,
        },
        'demo',
      );
      return { redirect: success };
    },

    /** The demo page's Cancel: nothing is granted, and the order is closed. */
    async demoCancel(user: UserRow, sessionId: string): Promise<{ redirect: string }> {
      await ownDemoOrder(user, sessionId);
      await orders.markUnpaid(sessionId, 'canceled');
      return { redirect: '/pricing' };
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;

/** 'November 21, 2027' for messages people read. */
function longDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
