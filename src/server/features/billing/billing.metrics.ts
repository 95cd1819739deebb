import { Counter, type Registry } from 'prom-client';
import type { GrantSource, WebhookOutcome } from './grants.service.ts';

export interface BillingMetrics {
  orderStarted(provider: 'stripe' | 'demo'): void;
  granted(source: GrantSource): void;
  webhookProcessed(outcome: WebhookOutcome): void;
  /** A webhook turned away before it was applied: no or a wrong signature, or no webhooks here. */
  webhookRefused(): void;
}

/** Orders, grants and webhooks (decision 0029). Every label is one of a fixed set of words. */
export function billingMetrics(registry: Registry): BillingMetrics {
  const orders = new Counter({
    name: 'indent_billing_orders_started_total',
    help: 'Checkouts opened (a pending order recorded), by payment provider',
    labelNames: ['provider'] as const,
    registers: [registry],
  });
  const grants = new Counter({
    name: 'indent_billing_grants_total',
    help: 'Years of access granted, by what confirmed the payment (webhook, success_lookup, demo)',
    labelNames: ['source'] as const,
    registers: [registry],
  });
  const processed = new Counter({
    name: 'indent_billing_webhook_events_processed_total',
    help: 'Verified webhook events applied, by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const refused = new Counter({
    name: 'indent_billing_webhook_events_refused_total',
    help: 'Webhook requests refused before anything was applied (missing or wrong signature)',
    registers: [registry],
  });
  return {
    orderStarted: (provider) => orders.inc({ provider }),
    granted: (source) => grants.inc({ source }),
    webhookProcessed: (outcome) => processed.inc({ outcome }),
    webhookRefused: () => refused.inc(),
  };
}
