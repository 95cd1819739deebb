import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema.ts';
import { accountDeletedMail, receiptMail, type RenderedMail } from './mail.templates.ts';
import { insertMail, lockedRecipientOf, orderMailKey } from './outbox.repo.ts';

/** A paid order, as billing reports it when it grants access. */
export interface PaidOrderFacts {
  orderId: string;
  userId: string;
  amountCents: number;
  currency: string;
  paidAt: string;
  accessEndsAt: string;
  /** The promotion code used and the price before it (issue 38), when one was. */
  promo?: { code: string; listPriceCents: number | null } | undefined;
}

/**
 * Queues the receipt and welcome mail for a paid order on the grant's own transaction (`tx`), so the
 * mail exists if and only if the grant committed, and the order's dedupe key keeps it to one mail
 * however many confirmations arrive. Satisfies billing's `ReceiptQueue` (wired in buildApp).
 */
export function createReceiptQueue(deps: { origin: string; log: FastifyBaseLogger }) {
  return {
    async queueReceipt(tx: Kysely<Database>, order: PaidOrderFacts): Promise<void> {
      const recipient = await lockedRecipientOf(tx, order.userId);
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

/**
 * Queues the one mail confirming a deletion, on the erasing transaction (`tx`), after the account's
 * other mails were erased: it is the one row about the person left, deleted 90 days after it is
 * sent with every finished mail (decision 0027).
 */
export function createFarewellQueue(deps: { origin: string }) {
  return {
    async queueFarewell(
      tx: Kysely<Database>,
      person: { userId: string; email: string; name: string; certificateKept: boolean; at: string },
    ): Promise<void> {
      await insertMail(tx, {
        dedupeKey: `account_deleted:${person.userId}`,
        kind: 'account_deleted',
        userId: person.userId,
        to: person.email,
        ...accountDeletedMail(person, deps.origin),
        now: person.at,
      });
    },
  };
}
