import { randomBytes, randomUUID } from 'node:crypto';
import type { Calendar, Learner } from './learners.ts';
import { DAY_MS, noise } from './learners.ts';
import type { RowSink } from './tables.ts';

/*
 * The rows a learner has once, written learner by learner: the account, orders and payment events,
 * sessions, receipts, rhythm settings and certificate. (Their studying is in activity.ts.)
 */

const PRICE_CENTS = 48_900;
const SALT = { order: 20, refund: 21, session: 22, rhythm: 23, abandoned: 24, picture: 25 };
const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const iso = (ms: number) => new Date(ms).toISOString();
const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'America/Sao_Paulo', 'UTC'];

const receiptText = (name: string, orderId: string) =>
  `Hello ${name},\n\nThank you for buying Indent. Your order ${orderId} is paid: $489.00 for a ` +
  `year of the full course.\n\nOpen your dashboard to start: https://indent.dev/dashboard\n\n` +
  `Keep this mail as your receipt.\n\nIndent`;
const receiptHtml = (name: string, orderId: string) =>
  `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">` +
  `<p>Hello ${name},</p><p>Thank you for buying Indent. Your order <code>${orderId}</code> is ` +
  `paid: <strong>$489.00</strong> for a year of the full course.</p><p><a href="https://indent.dev` +
  `/dashboard">Open your dashboard</a> to start.</p><p>Keep this mail as your receipt.</p>` +
  `<p>Indent</p></body></html>`;

function user(sink: RowSink, l: Learner, cal: Calendar): void {
  const picture =
    noise(l.index, 0, SALT.picture) < 0.7
      ? `https://lh3.googleusercontent.com/a/bench${l.index}`
      : null;
  sink.add('users', [
    l.id,
    `1${String(l.index).padStart(20, '0')}`,
    `Learner ${l.index}`,
    `learner${l.index}@example.com`,
    picture,
    iso(cal.at(l.signupDay, 0.3)),
    iso(cal.at(l.lastSeenDay, 0.6)),
  ]);
}

/** A paid order, its webhook event and its receipt; some are refunded or disputed later. */
function paidOrder(sink: RowSink, l: Learner, cal: Calendar, day: number, nth: number): void {
  const id = randomUUID();
  const paidAt = cal.at(day, 0.4);
  const roll = l.cohort === 'bench' ? 1 : noise(l.index, nth, SALT.refund);
  const revokedAt = roll < 0.035 ? Math.min(cal.now - 1, paidAt + 12 * DAY_MS) : null;
  const status = revokedAt === null ? 'paid' : roll < 0.005 ? 'disputed' : 'refunded';
  const reason =
    revokedAt === null ? null : status === 'disputed' ? 'disputed' : 'refunded in full';
  sink.add('orders', [
    ...[id, l.id, 'stripe', `cs_test_${hex(16)}`, `pi_${hex(12)}`, status, PRICE_CENTS, 'usd'],
    ...[iso(paidAt - 60_000), iso(paidAt), iso(paidAt + 365 * DAY_MS)],
    ...[revokedAt === null ? null : iso(revokedAt), reason],
  ]);
  sink.add('payment_events', [`evt_${hex(12)}`, 'checkout.session.completed', iso(paidAt)]);
  if (revokedAt !== null) {
    const type = status === 'disputed' ? 'charge.dispute.created' : 'charge.refunded';
    sink.add('payment_events', [`evt_${hex(12)}`, type, iso(revokedAt)]);
  }
  const name = `Learner ${l.index}`;
  sink.add('mail_outbox', [
    ...[randomUUID(), `receipt:${id}`, 'receipt', l.id, `learner${l.index}@example.com`],
    ...['Your Indent receipt', receiptText(name, id), receiptHtml(name, id), 'sent', 1],
    ...[iso(paidAt), iso(paidAt), iso(paidAt + 2_000)],
  ]);
}

/** A checkout that was opened and never paid. */
function abandonedOrder(sink: RowSink, l: Learner, cal: Calendar, day: number, nth: number): void {
  const roll = noise(l.index, nth, SALT.abandoned);
  const status = roll < 0.6 ? 'canceled' : roll < 0.9 ? 'pending' : 'failed';
  const at = cal.at(day, 0.2 + 0.1 * nth);
  sink.add('orders', [
    ...[randomUUID(), l.id, 'stripe', `cs_test_${hex(16)}`, null, status, PRICE_CENTS, 'usd'],
    ...[iso(at), null, null, null, null],
  ]);
}

/** Two orders a learner on average (issue 24): payments, renewals and abandoned checkouts. */
function orders(sink: RowSink, l: Learner, cal: Calendar): void {
  if (l.paidDay === null) {
    abandonedOrder(sink, l, cal, l.signupDay, 0);
    abandonedOrder(sink, l, cal, l.lastSeenDay, 1);
    return;
  }
  paidOrder(sink, l, cal, l.paidDay, 0);
  if (l.renewalDay !== null) paidOrder(sink, l, cal, l.renewalDay, 1);
  else if (l.cohort !== 'bench') abandonedOrder(sink, l, cal, l.paidDay, 2);
}

/** The sessions of the last sign-ins: 30 days long, so most have long expired. */
function sessions(sink: RowSink, l: Learner, cal: Calendar): void {
  const count = 1 + Math.floor(2 * noise(l.index, 0, SALT.session));
  for (let n = 0; n < count; n++) {
    const created = cal.at(Math.max(l.signupDay, l.lastSeenDay - 9 * n), 0.5);
    sink.add('sessions', [
      hex(32),
      l.id,
      iso(created),
      iso(created + 30 * DAY_MS),
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0 Safari/537.36',
    ]);
  }
}

/**
 * Everything a learner has once. `ownUserRow` false: the row exists already (a real sign-in).
 * `courseExercises`: how many exercises the course has (a learner who did them all may hold a
 * certificate).
 */
export function learnerRows(
  sink: RowSink,
  l: Learner,
  cal: Calendar,
  options: { ownUserRow: boolean; courseExercises: number },
): void {
  const { ownUserRow } = options;
  if (ownUserRow) user(sink, l, cal);
  orders(sink, l, cal);
  if (l.cohort !== 'bench') sessions(sink, l, cal);
  if (l.cohort === 'browser') return;
  if (l.cohort === 'bench' || noise(l.index, 0, SALT.rhythm) < 0.3) {
    const goal = 3 + Math.floor(3 * noise(l.index, 1, SALT.rhythm));
    const zone = ZONES[l.index % ZONES.length] ?? 'UTC';
    sink.add('rhythm_settings', [l.id, goal, zone, iso(cal.at(l.firstDay, 0.9))]);
  }
  if (
    l.cohort !== 'bench' &&
    l.exercises === options.courseExercises &&
    l.attempts >= l.quizzes + 20
  ) {
    sink.add('certificates', [
      randomBytes(16).toString('base64url'),
      l.id,
      `Learner ${l.index}`,
      iso(cal.at(l.lastDay, 0.95)),
    ]);
  }
}
