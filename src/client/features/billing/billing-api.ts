import { api } from '#client/lib/api.ts';

// The shared schemas (and zod with them) load with the first billing call, not with the pricing
// page itself, which is pre-rendered and should stay small.
const schemas = () => import('#shared/api/billing.schema.ts');

/** POST /create-checkout-session: where to send the browser (hosted checkout or the demo page). */
export async function createCheckout(googleId: string) {
  const { createCheckoutReplySchema } = await schemas();
  return api('/create-checkout-session', {
    method: 'POST',
    body: { googleId },
    schema: createCheckoutReplySchema,
  });
}

export async function fetchOrderSuccess(sessionId: string, signal?: AbortSignal) {
  const { orderSuccessReplySchema } = await schemas();
  return api(`/api/order/success?session_id=${encodeURIComponent(sessionId)}`, {
    schema: orderSuccessReplySchema,
    ...(signal ? { signal } : {}),
  });
}

export async function fetchSubscription(googleId: string, signal?: AbortSignal) {
  const { subscriptionReplySchema } = await schemas();
  return api(`/api/subscription/${encodeURIComponent(googleId)}`, {
    schema: subscriptionReplySchema,
    ...(signal ? { signal } : {}),
  });
}

export async function fetchDemoCheckout(id: string, signal?: AbortSignal) {
  const { demoCheckoutReplySchema } = await schemas();
  return api(`/api/demo-checkout/${encodeURIComponent(id)}`, {
    schema: demoCheckoutReplySchema,
    ...(signal ? { signal } : {}),
  });
}

export async function demoCheckoutAction(id: string, action: 'pay' | 'cancel') {
  const { redirectReplySchema } = await schemas();
  return api(`/api/demo-checkout/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    schema: redirectReplySchema,
  });
}

/** 'November 21, 2027' in the reader's own calendar day. */
export function longDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

/** '$489.00' */
export function money(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(cents / 100);
}
