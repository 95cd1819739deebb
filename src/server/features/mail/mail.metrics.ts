import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../../db/database.ts';
import type { MailStatus } from '../../db/schema.ts';

const STATUSES = [
  'pending',
  'sending',
  'sent',
  'failed',
  'canceled',
] as const satisfies readonly MailStatus[];

/**
 * The outbox as it stands, read from its table when scraped (decision 0029): `pending` mail waits
 * (a growing number means the SMTP server refuses or is away), `failed` gave up after its retries,
 * `sent` is kept until the keeping period deletes it. Every instance reports the same shared table,
 * so alert on one instance's value (max), never their sum.
 */
export function outboxMetrics(registry: Registry, db: Db): void {
  new Gauge({
    name: 'indent_mail_outbox_messages',
    help: 'Mail in the outbox table by status (pending, sending, sent, failed, canceled)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await db
        .selectFrom('mail_outbox')
        .select(['status', (eb) => eb.fn.countAll<string | number>().as('count')])
        .groupBy('status')
        .execute();
      const counts = new Map(rows.map((row) => [row.status, Number(row.count)]));
      for (const status of STATUSES) this.set({ status }, counts.get(status) ?? 0);
    },
  });
}
