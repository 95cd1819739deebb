import type { Db } from '../../db/database.ts';
import type { Env } from '../../env.ts';
import type { Clock } from '../../platform/clock.ts';
import type { App } from '../../platform/fastify.ts';
import type { AccessHooks } from '../access/access.hooks.ts';
import type { Registry } from 'prom-client';
import { billingMetrics } from './billing.metrics.ts';
import { billingRoutes } from './billing.routes.ts';
import { createCheckoutService, type ActiveAccessOf } from './checkout.service.ts';
import { demoCheckoutRoutes } from './demo-checkout.routes.ts';
import { createDemoCheckout } from './demo-checkout.service.ts';
import { createDemoPayments } from './demo.payments.ts';
import { createGrants, type ReceiptQueue } from './grants.service.ts';
import { createOrdersRepo } from './orders.repo.ts';
import type { PaymentsDriver } from './payments.ts';
import { createStripePayments } from './stripe.payments.ts';

/** The payments driver the environment asks for. */
export function paymentsFromEnv(env: Env, db: Db): PaymentsDriver {
  if (env.paymentsDriver === 'demo') return createDemoPayments({ orders: createOrdersRepo(db) });
  return createStripePayments({
    secretKey: env.STRIPE_SECRET_KEY ?? '',
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    priceId: env.STRIPE_PRICE_ID,
  });
}

/**
 * Checkout, the provider's webhooks, the order look-ups and (with the demo driver only) the demo
 * checkout page. Access is granted here, once per payment, and the receipt queued in the same
 * transaction (decision 0003).
 */
export async function registerBilling(
  app: App,
  deps: {
    db: Db;
    env: Env;
    clock: Clock;
    hooks: AccessHooks;
    access: {
      active: ActiveAccessOf;
      /** Access ended for this user: the access feature forgets its memo. */
      revoked(userId: string): void;
    };
    receipts: ReceiptQueue;
    /** Defaults to the driver the environment asks for. */
    payments?: PaymentsDriver | undefined;
    /** The app's metrics registry (features/metrics). */
    metrics: Registry;
  },
): Promise<void> {
  const { env, db, clock, access, hooks } = deps;
  const metrics = billingMetrics(deps.metrics);
  const payments = deps.payments ?? paymentsFromEnv(env, db);
  const orders = createOrdersRepo(db);
  const grants = createGrants({
    payments,
    orders,
    clock,
    log: app.log,
    onAccessRevoked: (userId) => access.revoked(userId),
    receipts: deps.receipts,
    metrics,
  });
  const checkout = createCheckoutService({
    payments,
    orders,
    grants,
    activeAccessOf: access.active,
    clock,
    origin: env.origin,
    adsConversionId: env.ADS_CONVERSION_ID,
    log: app.log,
    metrics,
  });
  await app.register(billingRoutes, { checkout, grants, hooks });
  if (payments.kind === 'demo') {
    const demo = createDemoCheckout({
      orders,
      grants,
      activeAccessOf: access.active,
      payments,
      clock,
    });
    await app.register(demoCheckoutRoutes, { demo, hooks });
  }
}
