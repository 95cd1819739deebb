import { randomBytes } from 'node:crypto';
import type { OrdersRepo } from './orders.repo.ts';
import type { PaymentsDriver } from './payments.ts';

/**
 * The demo checkout: no outside provider. Its "hosted page" is our own /demo-checkout/{id}, and its
 * record of what was paid is the order row itself (paid_at), which only the shared grant code sets.
 * env.ts refuses to run without Stripe keys in production, so this driver never takes real orders.
 */
export function createDemoPayments(deps: { orders: OrdersRepo }): PaymentsDriver {
  return {
    kind: 'demo',
    createCheckout() {
      const id = `demo_cs_${randomBytes(18).toString('base64url')}`;
      return Promise.resolve({ id, url: `/demo-checkout/${id}` });
    },
    async retrieveCheckout(sessionId) {
      const order = await deps.orders.findBySessionId(sessionId);
      if (!order || order.provider !== 'demo') return null;
      return {
        sessionId,
        userId: order.user_id,
        paid: order.paid_at !== null,
        paymentIntentId: order.payment_intent_id,
        amountCents: order.amount_cents,
        currency: order.currency,
      };
    },
    // No money moved, so nothing to give back: the refund is the charge.refunded event Stripe
    // would send, which the caller applies through the webhook's own code.
    refund({ paymentIntentId, orderId, amountCents }) {
      const refundId = `demo_re_${randomBytes(12).toString('base64url')}`;
      return Promise.resolve({
        refundId,
        event: {
          id: `demo_evt_refund_${orderId}`,
          providerType: 'demo.charge.refunded',
          type: 'charge.refunded',
          paymentIntentId,
          fullyRefunded: true,
          amountRefunded: amountCents,
        },
      });
    },
  };
}

/** The demo's stand-in for a payment intent id, assigned when the demo page's Pay is pressed. */
export function demoPaymentIntentId(): string {
  return `demo_pi_${randomBytes(12).toString('base64url')}`;
}
