import { site } from '#shared/site.ts';
import type { OrderRow, UserRow } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { ActiveAccessOf } from './checkout.service.ts';
import { demoPaymentIntentId } from './demo.payments.ts';
import type { Grants } from './grants.service.ts';
import type { OrdersRepo } from './orders.repo.ts';

/**
 * The demo checkout page's actions (decision 0003). Built and routed only when the demo payments
 * driver is in use, which env.ts refuses in production.
 */
export function createDemoCheckout(deps: {
  orders: OrdersRepo;
  grants: Grants;
  activeAccessOf: ActiveAccessOf;
}) {
  const { orders } = deps;

  async function ownDemoOrder(user: UserRow, sessionId: string): Promise<OrderRow> {
    const order = await orders.findBySessionId(sessionId);
    if (!order || order.provider !== 'demo') {
      throw notFound('This checkout does not exist. Please start again from the pricing page.');
    }
    if (order.user_id !== user.id) {
      throw forbidden('This checkout belongs to another account.', 'not_your_order');
    }
    return order;
  }

  return {
    /** The order summary the page shows. */
    async view(user: UserRow, sessionId: string) {
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

    /** Pay: marks the order paid through the same grant as the webhook. */
    async pay(user: UserRow, sessionId: string): Promise<{ redirect: string }> {
      const order = await ownDemoOrder(user, sessionId);
      const success = `/payment-success?session_id=${encodeURIComponent(sessionId)}`;
      if (order.paid_at) return { redirect: success };
      if (order.status !== 'pending') {
        throw conflict(
          'This checkout was canceled. Please start a new one from the pricing page.',
          'checkout_closed',
        );
      }
      if (await deps.activeAccessOf(user.id)) {
        throw conflict(
          'You already have active access, so this checkout was not charged. Open your dashboard.',
          'already_subscribed',
        );
      }
      await deps.grants.grant(
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

    /** Cancel: nothing is granted, and the order is closed. */
    async cancel(user: UserRow, sessionId: string): Promise<{ redirect: string }> {
      await ownDemoOrder(user, sessionId);
      await orders.markUnpaid(sessionId, 'canceled');
      return { redirect: '/pricing' };
    },
  };
}
export type DemoCheckout = ReturnType<typeof createDemoCheckout>;
