/**
 * The payment provider behind a tiny interface, with two drivers: `stripe` (hosted Checkout, verified
 * webhooks) and `demo` (a local page imitating hosted checkout; refused in production by env.ts).
 * Everything after the provider (orders, the grant, access) is the same code for both.
 */
export interface PaymentsDriver {
  readonly kind: 'stripe' | 'demo';
  /** Opens a hosted checkout for one year of access; answers its session id and where to send the browser. */
  createCheckout(params: CreateCheckoutParams): Promise<{ id: string; url: string }>;
  /** What the provider says about a checkout session, or null if it does not know the id. */
  retrieveCheckout(sessionId: string): Promise<CheckoutInfo | null>;
  /**
   * Verifies a webhook's signature over the exact bytes received and returns the event; throws
   * WebhookSignatureError if anything is off. Only drivers that receive webhooks implement it.
   */
  verifyWebhook?(rawBody: Buffer, signature: string): ProviderEvent;
  /**
   * Refunds a payment in full (the admin command). The stripe driver asks Stripe, whose signed
   * charge.refunded webhook then ends access; the demo driver has no provider to send one, so it
   * answers that event itself for the caller to apply exactly as the webhook would. Throws
   * RefundRefusedError when the provider says no (already refunded) and PaymentsUnavailableError
   * when it cannot be reached.
   */
  refund(params: RefundParams): Promise<RefundResult>;
  /**
   * Makes the coupon and promotion code at the provider, answering their ids; the demo driver has
   * no provider and leaves this out. Throws PaymentsUnavailableError when it cannot be reached.
   */
  createPromotion?(
    params: NewProviderPromotion,
  ): Promise<{ couponId: string; promotionCodeId: string }>;
  /** Switches the provider's promotion code off, so its hosted page refuses it too. */
  endPromotion?(promotionCodeId: string): Promise<void>;
}

export interface RefundParams {
  paymentIntentId: string;
  /** Our order id: Stripe's idempotency key is built from it, so a retried refund is one refund. */
  orderId: string;
  amountCents: number;
}

export interface RefundResult {
  refundId: string;
  /** The charge.refunded event to apply now (demo), or null when the provider will send it. */
  event: ProviderEvent | null;
}

export interface CreateCheckoutParams {
  userId: string;
  email: string;
  amountCents: number;
  currency: string;
  productName: string;
  successUrl: string;
  cancelUrl: string;
  /** Same key within a short window, so a double click opens one checkout, not two. */
  idempotencyKey: string;
  /** The provider's id of the promotion code to apply (ours checked it first); null for none. */
  providerPromotionCodeId: string | null;
}

/** A promotion code as made at the provider (the admin command's codes create). */
export interface NewProviderPromotion {
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  currency: string;
  maxUses: number | null;
  /** The first instant the code no longer works. */
  expiresAt: string | null;
}

/** A checkout session as the provider reports it, reduced to what the grant needs. */
export interface CheckoutInfo {
  sessionId: string;
  /** Our user id, sent as `client_reference_id`; null for sessions some other system created. */
  userId: string | null;
  /** True once the money is confirmed (Stripe `payment_status === 'paid'`). */
  paid: boolean;
  paymentIntentId: string | null;
  amountCents: number | null;
  currency: string | null;
  /**
   * The provider's promotion code applied to the session (Stripe `promo_...`) and the price before
   * it; absent when the driver has none (demo: the order row itself holds the code).
   */
  promotion?: { providerCodeId: string; listPriceCents: number | null } | undefined;
}

/**
 * The provider events we act on, in our own words; anything else is recorded and ignored.
 * `providerType` is the provider's own name for the event (for the record and the logs).
 */
export type ProviderEvent = { id: string; providerType: string } & ProviderEventEffect;

export type ProviderEventEffect =
  | { type: 'checkout.completed' | 'checkout.async_succeeded'; checkout: CheckoutInfo }
  | { type: 'checkout.async_failed' | 'checkout.expired'; checkout: CheckoutInfo }
  | {
      type: 'charge.refunded';
      paymentIntentId: string | null;
      /** False for a partial refund. */
      fullyRefunded: boolean;
      amountRefunded: number;
    }
  | { type: 'charge.dispute_created'; paymentIntentId: string | null; reason: string }
  | { type: 'other' };

export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

/** The provider could not be reached or answered with an error we cannot act on. */
export class PaymentsUnavailableError extends Error {
  override readonly name = 'PaymentsUnavailableError';
}

/** The provider refused a refund (for example, the payment was already refunded). */
export class RefundRefusedError extends Error {
  override readonly name = 'RefundRefusedError';
}
