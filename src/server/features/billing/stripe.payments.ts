import Stripe from 'stripe';
import {
  PaymentsUnavailableError,
  RefundRefusedError,
  WebhookSignatureError,
  type CheckoutInfo,
  type CreateCheckoutParams,
  type NewProviderPromotion,
  type PaymentsDriver,
  type ProviderEvent,
  type ProviderEventEffect,
} from './payments.ts';

export interface StripePaymentsOptions {
  secretKey: string;
  /** The webhook endpoint's signing secret (whsec_...); without it webhooks are refused. */
  webhookSecret: string | undefined;
  /** A configured Price for the plan; without it the amount is sent inline. */
  priceId?: string | undefined;
  /** Tests point the SDK at a local stand-in for the Checkout endpoints. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** Stripe Checkout (hosted page, mode `payment`) through the official SDK. */
export function createStripePayments(options: StripePaymentsOptions): PaymentsDriver {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(options.api ?? {}),
  });

  return {
    kind: 'stripe',

    createCheckout: (params) => createCheckoutSession(stripe, options.priceId, params),

    async retrieveCheckout(sessionId) {
      try {
        return toCheckoutInfo(await stripe.checkout.sessions.retrieve(sessionId));
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) {
          return null;
        }
        throw new PaymentsUnavailableError(`Stripe look-up failed: ${describe(err)}`);
      }
    },

    async refund({ paymentIntentId, orderId }) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntentId,
            reason: 'requested_by_customer',
            metadata: { orderId },
          },
          { idempotencyKey: `indent-refund-${orderId}` },
        );
        return { refundId: refund.id, event: null };
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError) {
          throw new RefundRefusedError(`Stripe refused the refund: ${describe(err)}`);
        }
        throw new PaymentsUnavailableError(`Stripe refund failed: ${describe(err)}`);
      }
    },

    createPromotion: (params) => createPromotion(stripe, params),

    async endPromotion(promotionCodeId) {
      try {
        await stripe.promotionCodes.update(promotionCodeId, { active: false });
      } catch (err) {
        throw new PaymentsUnavailableError(
          `Stripe did not end the promotion code: ${describe(err)}`,
        );
      }
    },

    verifyWebhook(rawBody, signature) {
      if (!options.webhookSecret) {
        throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not configured.');
      }
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (err) {
        throw new WebhookSignatureError(describe(err));
      }
      return toProviderEvent(event);
    },
  };
}

function toCheckoutInfo(session: Stripe.Checkout.Session): CheckoutInfo {
  return {
    sessionId: session.id,
    userId: session.client_reference_id,
    paid: session.payment_status === 'paid',
    paymentIntentId: idOf(session.payment_intent),
    amountCents: session.amount_total,
    currency: session.currency,
    promotion: promotionOf(session),
  };
}

/** The promotion code the learner used on the session, if any (one per session in payment mode). */
function promotionOf(session: Stripe.Checkout.Session): CheckoutInfo['promotion'] {
  const providerCodeId = idOf(session.discounts?.find((d) => d.promotion_code)?.promotion_code);
  return providerCodeId ? { providerCodeId, listPriceCents: session.amount_subtotal } : undefined;
}

function toProviderEvent(event: Stripe.Event): ProviderEvent {
  return { id: event.id, providerType: event.type, ...eventEffect(event) };
}

function eventEffect(event: Stripe.Event): ProviderEventEffect {
  switch (event.type) {
    case 'checkout.session.completed':
      return { type: 'checkout.completed', checkout: toCheckoutInfo(event.data.object) };
    case 'checkout.session.async_payment_succeeded':
      return {
        type: 'checkout.async_succeeded',
        checkout: toCheckoutInfo(event.data.object),
      };
    case 'checkout.session.async_payment_failed':
      return {
        type: 'checkout.async_failed',
        checkout: toCheckoutInfo(event.data.object),
      };
    case 'checkout.session.expired':
      return { type: 'checkout.expired', checkout: toCheckoutInfo(event.data.object) };
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        type: 'charge.refunded',
        paymentIntentId: idOf(charge.payment_intent),
        fullyRefunded: charge.refunded,
        amountRefunded: charge.amount_refunded,
      };
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      return {
        type: 'charge.dispute_created',
        paymentIntentId: idOf(dispute.payment_intent),
        reason: dispute.reason,
      };
    }
    default:
      return { type: 'other' };
  }
}

/** Stripe fields that may be an id or an expanded object. */
function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The coupon and its promotion code, as the admin command's codes create makes them. */
async function createPromotion(
  stripe: Stripe,
  params: NewProviderPromotion,
): Promise<{ couponId: string; promotionCodeId: string }> {
  try {
    // duration 'once': the course is one payment, so the coupon applies to that payment.
    const coupon = await stripe.coupons.create(
      {
        name: params.code,
        duration: 'once',
        ...(params.percentOff !== null
          ? { percent_off: params.percentOff }
          : { amount_off: params.amountOffCents ?? 0, currency: params.currency }),
        metadata: { code: params.code },
      },
      { idempotencyKey: `indent-coupon-${params.code}` },
    );
    // Stripe enforces the same limits on its hosted page; our table stays the source of truth.
    const promotion = await stripe.promotionCodes.create(
      {
        promotion: { type: 'coupon', coupon: coupon.id },
        code: params.code,
        ...(params.maxUses !== null ? { max_redemptions: params.maxUses } : {}),
        ...(params.expiresAt !== null
          ? { expires_at: Math.floor(Date.parse(params.expiresAt) / 1000) }
          : {}),
        metadata: { code: params.code },
      },
      { idempotencyKey: `indent-promotion-${params.code}` },
    );
    return { couponId: coupon.id, promotionCodeId: promotion.id };
  } catch (err) {
    throw new PaymentsUnavailableError(`Stripe refused the promotion code: ${describe(err)}`);
  }
}

/** Opens a hosted Checkout Session in payment mode for one year of access. */
async function createCheckoutSession(
  stripe: Stripe,
  priceId: string | undefined,
  params: CreateCheckoutParams,
): Promise<{ id: string; url: string }> {
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          priceId
            ? { price: priceId, quantity: 1 }
            : {
                quantity: 1,
                price_data: {
                  currency: params.currency,
                  unit_amount: params.amountCents,
                  product_data: { name: params.productName },
                },
              },
        ],
        client_reference_id: params.userId,
        customer_email: params.email,
        metadata: { userId: params.userId },
        payment_intent_data: { metadata: { userId: params.userId } },
        success_url: params.successUrl,
        cancel_url: params.cancelUrl,
        // Stripe takes one or the other: the code the learner gave us, already checked against
        // our rules, or a field on its hosted page for codes we made there (decision 0036).
        ...(params.providerPromotionCodeId
          ? { discounts: [{ promotion_code: params.providerPromotionCodeId }] }
          : { allow_promotion_codes: true }),
      },
      { idempotencyKey: params.idempotencyKey },
    );
  } catch (err) {
    throw new PaymentsUnavailableError(`Stripe refused to create a checkout: ${describe(err)}`);
  }
  if (!session.url) throw new PaymentsUnavailableError('Stripe sent no checkout address.');
  return { id: session.id, url: session.url };
}
