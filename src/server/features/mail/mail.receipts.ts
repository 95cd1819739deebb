import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema.ts';
import { receiptMail, type RenderedMail } from './mail.templates.ts';
import { insertMail, orderMailKey, recipientOf } from './outbox.repo.ts';

/** A paid order, as billing reports it when it grants access. */
export interface PaidOrderFacts {
  orderId: string;
  userId: string;
  amountCents: number;
  currency: string;
  paidAt: string;
  accessEndsAt: string;
}

/**
 * Queues the receipt and welcome mail for a paid order on the grant's own transaction (`tx`), so the
 * mail exists if and only if the grant committed, and the order's dedupe key keeps it to one mail
 * however many confirmations arrive. Satisfies billing's `ReceiptQueue` (wired in buildApp).
 */
export function createReceiptQueue(deps: { origin: string; log: FastifyBaseLogger }) {
  return {
    async queueReceipt(tx: Kysely<Database>, order: PaidOrderFacts): Promise<void> {
      const recipient = await recipientOf(tx, order.userId);
      if (!recipient || recipient.anonymized || !recipient.email) return;
      let mail: RenderedMail;
      try {
        mail = receiptMail({ ...order, name: recipient.name }, deps.origin);
      } catch (err) {
        // A mail that cannot be written must never cost the learner the access they paid for.
        deps.log.error({ err, orderId: order.orderId }, 'mail: receipt could not be written');
        return;
      }
      await insertMail(tx, {
        dedupeKey: orderMailKey('receipt', order.orderId),
        kind: 'receipt',
        userId: order.userId,
        to: recipient.email,
        ...mail,
        now: order.paidAt,
      });
    },
  };
}
