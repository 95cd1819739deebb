import type {
  createCheckoutReplySchema,
  demoCheckoutReplySchema,
  orderSuccessReplySchema,
  redirectReplySchema,
  subscriptionReplySchema,
} from '#shared/api/billing.schema.ts';
import { api, type Reply } from '#client/lib/api.ts';

/** POST /create-checkout-session: where to send the browser (hosted checkout or the demo page). */
export async function createCheckout(googleId: string) {
  return api<Reply<typeof createCheckoutReplySchema>>('/create-checkout-session', {
    method: 'POST',
    body: { googleId },
  });
}

export async function fetchOrderSuccess(sessionId: string, signal?: AbortSignal) {
  return api<Reply<typeof orderSuccessReplySchema>>(
    `/api/order/success?session_id=${encodeURIComponent(sessionId)}`,
    {
      ...(signal ? { signal } : {}),
    },
  );
}

export async function fetchSubscription(googleId: string, signal?: AbortSignal) {
  return api<Reply<typeof subscriptionReplySchema>>(
    `/api/subscription/${encodeURIComponent(googleId)}`,
    {
      ...(signal ? { signal } : {}),
    },
  );
}

export async function fetchDemoCheckout(id: string, signal?: AbortSignal) {
  return api<Reply<typeof demoCheckoutReplySchema>>(
    `/api/demo-checkout/${encodeURIComponent(id)}`,
    {
      ...(signal ? { signal } : {}),
    },
  );
}

export async function demoCheckoutAction(id: string, action: 'pay' | 'cancel') {
  return api<Reply<typeof redirectReplySchema>>(
    `/api/demo-checkout/${encodeURIComponent(id)}/${action}`,
    {
      method: 'POST',
    },
  );
}

/** POST /api/demo-checkout/:id/promo: the order with the code applied, or an ApiError saying why not. */
export async function applyDemoPromo(id: string, code: string) {
  return api<Reply<typeof demoCheckoutReplySchema>>(
    `/api/demo-checkout/${encodeURIComponent(id)}/promo`,
    { method: 'POST', body: { code } },
  );
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
