import { randomUUID } from 'node:crypto';
import { addDays } from '../../platform/clock.ts';
import { AdminInputError } from './admin.errors.ts';
import type { AdminDeps, Learner, Order } from './admin.ports.ts';
import type { NewAuditEntry } from './audit.repo.ts';

/** The longest grant or extension in one go: ten years is a typo, not a gift. */
export const MAX_DAYS = 3650;

export interface ChangeResult {
  /** One line for the terminal saying what changed. */
  message: string;
}

/** Whole days between 1 and MAX_DAYS, from the command line's text. */
export function parseDays(text: string | undefined): number {
  if (text === undefined) throw new AdminInputError('--days is required: how many days of access.');
  const days = Number(text.trim());
  if (!/^[+-]?\d+$/.test(text.trim()) || !Number.isSafeInteger(days)) {
    throw new AdminInputError(`--days must be a whole number of days, not "${text}".`);
  }
  if (days <= 0) throw new AdminInputError(`--days must be at least 1 (got ${days}).`);
  if (days > MAX_DAYS)
    throw new AdminInputError(`--days must be at most ${MAX_DAYS} (got ${days}).`);
  return days;
}

/** A reason is kept in the audit with the change, so it may not be left out. */
export function parseReason(text: string | undefined): string {
  const reason = text?.trim() ?? '';
  if (reason === '') throw new AdminInputError('--reason is required: say why, for the audit.');
  if (reason.length > 500) throw new AdminInputError('--reason is limited to 500 characters.');
  return reason;
}

/** The one account using this e-mail. */
export async function learnerByEmail(deps: AdminDeps, email: string | undefined): Promise<Learner> {
  if (!email?.trim()) throw new AdminInputError('Name the learner by e-mail.');
  const found = await deps.learners.findByEmail(email);
  const [first] = found;
  if (!first) throw new AdminInputError(`No learner has the e-mail "${email.trim()}".`);
  if (found.length > 1) {
    throw new AdminInputError(
      `${found.length} accounts use "${email.trim()}"; this command cannot tell them apart.`,
    );
  }
  return first;
}

/** Orders whose access is running now, the one lasting longest first (the access rule). */
export function liveOrders(orders: readonly Order[], now: Date): Order[] {
  const at = now.toISOString();
  return orders
    .filter(
      (o) => o.status === 'paid' && !o.revoked_at && o.access_ends_at && o.access_ends_at > at,
    )
    .sort((a, b) => (b.access_ends_at ?? '').localeCompare(a.access_ends_at ?? ''));
}

const day = (iso: string) => iso.slice(0, 10);

/** An audit row for a change made now by this command's user. */
function auditEntry(deps: AdminDeps): EntryOf {
  return (command, learner, orderId, details, reason) => ({
    at: deps.clock.now().toISOString(),
    system_user: deps.systemUser,
    command,
    user_id: learner.id,
    email: learner.email,
    order_id: orderId,
    details,
    reason,
  });
}

type EntryOf = (
  command: string,
  learner: Learner,
  orderId: string | null,
  details: string,
  reason: string,
) => NewAuditEntry;

/** grant, extend, revoke and refund: each change and its audit row in one transaction. */
export function createAccessChanges(deps: AdminDeps) {
  const entry = auditEntry(deps);
  return {
    grant: (email: string | undefined, days: number, reason: string) =>
      grant(deps, entry, email, days, reason),
    extend: (email: string | undefined, days: number, reason: string) =>
      extend(deps, entry, email, days, reason),
    revoke: (email: string | undefined, reason: string) => revoke(deps, entry, email, reason),
    refund: (email: string | undefined, reason: string) => refund(deps, entry, email, reason),
  };
}
export type AccessChanges = ReturnType<typeof createAccessChanges>;

/** Complimentary access from now for `days` days: an order of its own kind. */
async function grant(
  deps: AdminDeps,
  entry: EntryOf,
  email: string | undefined,
  days: number,
  reason: string,
): Promise<ChangeResult> {
  const learner = await learnerByEmail(deps, email);
  const now = deps.clock.now();
  const [live] = liveOrders(await deps.orders.listOrders(learner.id), now);
  if (live?.access_ends_at) {
    throw new AdminInputError(
      `${learner.email} already has access until ${day(live.access_ends_at)}; use extend.`,
    );
  }
  const id = randomUUID();
  const accessEndsAt = addDays(now, days).toISOString();
  const details = `complimentary access for ${days} days, until ${day(accessEndsAt)}`;
  await deps.transaction(async (tx) => {
    await tx.orders.insertComplimentary({
      id,
      userId: learner.id,
      at: now.toISOString(),
      accessEndsAt,
      currency: deps.currency,
    });
    await tx.audit.insert(entry('grant', learner, id, details, reason));
  });
  return { message: `Granted ${learner.email} ${details} (order ${id}).` };
}

/** Moves the end of the running access `days` days later. */
async function extend(
  deps: AdminDeps,
  entry: EntryOf,
  email: string | undefined,
  days: number,
  reason: string,
): Promise<ChangeResult> {
  const learner = await learnerByEmail(deps, email);
  const [live] = liveOrders(await deps.orders.listOrders(learner.id), deps.clock.now());
  if (!live?.access_ends_at) {
    throw new AdminInputError(`${learner.email} has no access to extend; use grant.`);
  }
  const from = live.access_ends_at;
  const to = addDays(new Date(from), days).toISOString();
  const details = `access until ${day(from)} -> ${day(to)} (+${days} days)`;
  await deps.transaction(async (tx) => {
    if (!(await tx.orders.setAccessEnd(live.id, to))) {
      throw new AdminInputError(`Order ${live.id} changed meanwhile; run the command again.`);
    }
    await tx.audit.insert(entry('extend', learner, live.id, details, reason));
  });
  return { message: `Extended ${learner.email}: ${details} (order ${live.id}).` };
}

/** Ends every running access of the learner now, without a refund. */
async function revoke(
  deps: AdminDeps,
  entry: EntryOf,
  email: string | undefined,
  reason: string,
): Promise<ChangeResult> {
  const learner = await learnerByEmail(deps, email);
  const at = deps.clock.now().toISOString();
  const live = liveOrders(await deps.orders.listOrders(learner.id), deps.clock.now());
  if (live.length === 0) throw new AdminInputError(`${learner.email} has no access to revoke.`);
  await deps.transaction(async (tx) => {
    for (const order of live) {
      const details = `access revoked (was until ${day(order.access_ends_at ?? '')}), no refund`;
      const revokeReason = `revoked by ${deps.systemUser}: ${reason}`;
      if (!(await tx.orders.revokeByHand({ orderId: order.id, reason: revokeReason, at }))) {
        throw new AdminInputError(`Order ${order.id} changed meanwhile; run the command again.`);
      }
      await tx.audit.insert(entry('revoke', learner, order.id, details, reason));
    }
  });
  deps.onAccessRevoked(learner.id);
  return { message: `Revoked ${learner.email}'s access (${live.map((o) => o.id).join(', ')}).` };
}

/** The learner's latest bought order, if it can still be refunded. */
async function refundableOrder(deps: AdminDeps, learner: Learner): Promise<Order> {
  const orders = await deps.orders.listOrders(learner.id);
  const order = orders.find((o) => o.kind === 'purchase' && o.paid_at);
  if (!order) throw new AdminInputError(`${learner.email} has no paid order to refund.`);
  if (order.status === 'refunded') {
    throw new AdminInputError(
      `Order ${order.id} of ${learner.email} was already refunded on ${day(order.revoked_at ?? '')}.`,
    );
  }
  if (order.status === 'disputed') {
    throw new AdminInputError(`Order ${order.id} is disputed: the bank decides, not a refund.`);
  }
  if (order.revoked_at) {
    throw new AdminInputError(
      `Order ${order.id}'s access was already revoked on ${day(order.revoked_at)}; refund it in the provider's dashboard if money is owed.`,
    );
  }
  if (!order.payment_intent_id) {
    throw new AdminInputError(`Order ${order.id} has no payment on record to refund.`);
  }
  const asked = await deps.audit.latestFor('refund', order.id);
  if (asked) {
    throw new AdminInputError(
      `A refund of order ${order.id} was already asked for on ${day(asked.at)}; access ends when the provider confirms it.`,
    );
  }
  return order;
}

/**
 * A full refund through the payments driver. Access ends the way a refund webhook ends it: with
 * Stripe, when its signed charge.refunded event arrives; with the demo driver (no webhooks), by
 * applying the event the driver answers through the same billing code, in the audit's transaction.
 */
async function refund(
  deps: AdminDeps,
  entry: EntryOf,
  email: string | undefined,
  reason: string,
): Promise<ChangeResult> {
  const learner = await learnerByEmail(deps, email);
  const order = await refundableOrder(deps, learner);
  const amount = `${(order.amount_cents / 100).toFixed(2)} ${order.currency.toUpperCase()}`;
  const { refundId, event } = await deps.payments.refund({
    paymentIntentId: order.payment_intent_id ?? '',
    orderId: order.id,
    amountCents: order.amount_cents,
  });
  if (!event) {
    const details = `refund ${refundId} of ${amount} asked of ${deps.payments.kind}; access ends with its charge.refunded webhook`;
    await deps.transaction((tx) =>
      tx.audit.insert(entry('refund', learner, order.id, details, reason)),
    );
    return {
      message: `Refund ${refundId} of ${amount} asked for; access ends when ${deps.payments.kind} confirms it.`,
    };
  }
  const details = `refund ${refundId} of ${amount} (${deps.payments.kind}); access ended`;
  const result = await deps.transaction(async (tx) => {
    const applied = await tx.applyRefundEvent(event);
    if (applied.outcome !== 'revoked') {
      throw new AdminInputError(`Order ${order.id} could not be refunded (${applied.outcome}).`);
    }
    await tx.audit.insert(entry('refund', learner, order.id, details, reason));
    return applied;
  });
  if (result.revokedUserId) deps.onAccessRevoked(result.revokedUserId);
  return { message: `Refunded ${learner.email}: ${details} (order ${order.id}).` };
}
