import { z } from 'zod';

/** The checkout session ids we hand out: Stripe's `cs_...` or the demo driver's `demo_cs_...`. */
export const checkoutSessionIdSchema = z
  .string()
  .min(1, 'is missing')
  .max(255, 'is too long')
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a checkout session id such as cs_test_a1B2c3');

/** POST /create-checkout-session (SPEC 7): the body carries the signed-in user's googleId. */
export const createCheckoutBodySchema = z.object({
  googleId: z.string().min(1, 'is missing').max(255),
  /** A promotion code to apply (issue 38); checked against our rules before anything opens. */
  promoCode: z.string().max(100, 'is too long').optional(),
});

/** `id` as in SPEC 7; `url` is where to send the browser (hosted checkout or the demo page). */
export const createCheckoutReplySchema = z.object({ id: z.string(), url: z.string() });
export type CreateCheckoutReply = z.infer<typeof createCheckoutReplySchema>;

/** GET /api/order/success?session_id= */
export const orderSuccessQuerySchema = z.object({ session_id: checkoutSessionIdSchema });

/** `session` is truthy on success (SPEC 3); `conversion` names the advertising tag when one is set. */
export const orderSuccessReplySchema = z.object({
  session: z.object({
    id: z.string(),
    paymentStatus: z.literal('paid'),
    accessEndDate: z.string(),
  }),
  conversion: z.object({ sendTo: z.string(), tagId: z.string() }).nullable(),
});
export type OrderSuccessReply = z.infer<typeof orderSuccessReplySchema>;

/** GET /api/subscription/:googleId (SPEC 3's subscription info). */
export const subscriptionReplySchema = z.object({
  accessEndDate: z.string(),
  /** The promotion code the running access was bought with, and what was paid (issue 38). */
  promo: z
    .object({
      code: z.string(),
      amountPaidCents: z.number().int(),
      listPriceCents: z.number().int().nullable(),
      currency: z.string(),
    })
    .nullable(),
});
export type SubscriptionReply = z.infer<typeof subscriptionReplySchema>;

/** The demo checkout page's order summary. */
export const demoCheckoutReplySchema = z.object({
  id: z.string(),
  planName: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  email: z.string(),
  status: z.enum(['pending', 'paid', 'failed', 'canceled', 'refunded', 'disputed']),
  /** The code applied and the price before it (issue 38); null without one. */
  promo: z.object({ code: z.string(), listPriceCents: z.number().int() }).nullable(),
});

/** POST /api/demo-checkout/:id/promo */
export const demoPromoBodySchema = z.object({
  code: z.string().min(1, 'is missing: type a promotion code').max(100, 'is too long'),
});
export type DemoCheckoutReply = z.infer<typeof demoCheckoutReplySchema>;

export const redirectReplySchema = z.object({ redirect: z.string() });
