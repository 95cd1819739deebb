import { site } from '#shared/site.ts';
import type { OrderRow, UserRow } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import { usableCode, type ActiveAccessOf } from './checkout.service.ts';
import type { PaymentsDriver } from './payments.ts';
import { discountedCents } from './promo-codes.ts';
import { demoPaymentIntentId } from './demo.payments.ts';
import type { Grants } from './grants.service.ts';
import type { OrdersRepo } from './orders.repo.ts';

/**
 * The demo checkout page's actions (decision 0003). Built and routed only when the demo payments
 * driver is in use, which env.ts refuses in production.
 */
interface DemoDeps {
  orders: OrdersRepo;
  grants: Grants;
  activeAccessOf: ActiveAccessOf;
  payments: PaymentsDriver;
  clock: Clock;
}

export function createDemoCheckout(deps: DemoDeps) {
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

  /** The order summary the page shows. */
  async function view(user: UserRow, sessionId: string) {
    const order = await ownDemoOrder(user, sessionId);
    return {
      id: sessionId,
      planName: site.planName,
      amountCents: order.amount_cents,
      currency: order.currency,
      email: user.email,
      status: order.status,
      promo:
        order.promo_code !== null
          ? { code: order.promo_code, listPriceCents: order.list_price_cents ?? site.priceCents }
          : null,
    };
  }

  return {
    /** The order summary the page shows. */
    view,

    /** The page's "Promotion code" field (applyPromoTo). */
    async applyPromo(user: UserRow, sessionId: string, typed: string) {
      await applyPromoTo(deps, await ownDemoOrder(user, sessionId), typed);
      return view(user, sessionId);
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
/**
 * Applies a code to the order not yet paid, by the same rules as a Stripe checkout's code
 * (usableCode); the use itself is counted when Pay grants.
 */
async function applyPromoTo(
  deps: Pick<DemoDeps, 'orders' | 'payments' | 'clock'>,
  order: OrderRow,
  typed: string,
): Promise<void> {
  if (order.status !== 'pending') {
    throw conflict(
      'This checkout is closed, so a code can no longer be applied. Please start again from the pricing page.',
      'checkout_closed',
    );
  }
  const code = await usableCode(deps, typed, deps.clock.now());
  const listPriceCents = order.list_price_cents ?? site.priceCents;
  await deps.orders.applyPromo({
    sessionId: order.provider_session_id,
    code: code.code,
    amountCents: discountedCents(listPriceCents, code),
    listPriceCents,
  });
}

export type DemoCheckout = ReturnType<typeof createDemoCheckout>;
