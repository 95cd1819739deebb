import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  discounted,
  handlePromotion,
  newPromotions,
  type StandInPromotions,
} from './stripe-stand-in-promotions.ts';

/**
 * A local HTTP stand-in for the few Stripe endpoints the stripe driver calls (create and retrieve a
 * Checkout Session, refund a payment), for tests: the real `stripe` SDK talks to it over HTTP with its own encoding,
 * headers and error handling. It honours Idempotency-Key like Stripe does.
 */
export interface StandInSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  client_reference_id: string | null;
  customer_email: string | null;
  amount_total: number | null;
  amount_subtotal: number | null;
  discounts: { coupon: string; promotion_code: string }[];
  allow_promotion_codes: boolean;
  currency: string | null;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
  metadata: Record<string, string>;
  created: number;
}

/** A refund as Stripe answers POST /v1/refunds (full refunds only: the driver asks for no amount). */
export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  currency: string | null;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
}

export interface StandInRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

/** What the stand-in remembers between requests (Stripe's side of the sessions). */
interface StandInState {
  secretKey: string;
  sessions: Map<string, StandInSession>;
  byIdempotencyKey: Map<string, StandInSession>;
  requests: StandInRequest[];
  /** Keyed by payment intent: a payment is refunded at most once. */
  refunds: Map<string, StandInRefund>;
  refundsByIdempotencyKey: Map<string, StandInRefund>;
  promotions: StandInPromotions;
}

interface StandInReply {
  status: number;
  body: unknown;
}

export async function startStripeStandIn(options: { secretKey: string }) {
  const sessions = new Map<string, StandInSession>();
  const byIdempotencyKey = new Map<string, StandInSession>();
  const requests: StandInRequest[] = [];
  const refunds = new Map<string, StandInRefund>();
  const state: StandInState = {
    secretKey: options.secretKey,
    sessions,
    byIdempotencyKey,
    requests,
    refunds,
    refundsByIdempotencyKey: new Map(),
    promotions: newPromotions(),
  };

  const server: Server = createServer((req, res) => {
    void handle(state, req).then(
      ({ status, body }) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_standin' });
        res.end(JSON.stringify(body));
      },
      (err: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
      },
    );
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    port,
    /** Options for createStripePayments. */
    api: { host: '127.0.0.1', port, protocol: 'http' as const },
    sessions,
    requests,
    refunds,
    promotions: state.promotions,
    /**
     * The learner types a promotion code on Stripe's hosted page (a session that allows codes):
     * the session's total drops as Stripe's would.
     */
    applyCode(id: string, promotionCodeId: string): StandInSession {
      const session = sessions.get(id);
      const applied = session
        ? discounted(state.promotions, promotionCodeId, session.amount_subtotal ?? 0)
        : null;
      if (!session || !applied) throw new Error(`stand-in: cannot apply ${promotionCodeId}`);
      session.amount_total = applied.total;
      session.discounts = applied.discounts;
      return session;
    },
    /**
     * The charge a refund left behind, as Stripe's charge.refunded event carries it (data.object),
     * for a test to sign and deliver to the webhook the way Stripe would after the refund.
     */
    refundedCharge(refundId: string) {
      const refund = [...refunds.values()].find((r) => r.id === refundId);
      if (!refund) throw new Error(`stand-in: no refund ${refundId}`);
      return {
        id: refund.charge,
        object: 'charge' as const,
        payment_intent: refund.payment_intent,
        amount: refund.amount,
        amount_refunded: refund.amount,
        refunded: true,
      };
    },
    /** What happens at Stripe when the customer pays: the session completes with a payment intent. */
    pay(id: string): StandInSession {
      const session = sessions.get(id);
      if (!session) throw new Error(`stand-in: no session ${id}`);
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent ??= `pi_test_${randomBytes(10).toString('hex')}`;
      return session;
    },
    /** A checkout completed with a delayed payment method (not paid yet). */
    completeUnpaid(id: string): StandInSession {
      const session = sessions.get(id);
      if (!session) throw new Error(`stand-in: no session ${id}`);
      session.status = 'complete';
      session.payment_intent ??= `pi_test_${randomBytes(10).toString('hex')}`;
      return session;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/** Answers one API request: records it, checks the key, then creates or retrieves a session. */
async function handle(state: StandInState, req: IncomingMessage): Promise<StandInReply> {
  const raw = await readBody(req);
  const url = new URL(req.url ?? '/', 'http://stand-in');
  const params = Object.fromEntries(new URLSearchParams(raw));
  const idempotencyKey = header(req, 'idempotency-key');
  const authorization = header(req, 'authorization');
  state.requests.push({
    method: req.method ?? '',
    path: url.pathname,
    params,
    idempotencyKey,
    authorization,
  });
  if (authorization !== `Bearer ${state.secretKey}`) {
    return stripeError(401, 'invalid_request_error', 'Invalid API Key provided.');
  }

  if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
    const cached = idempotencyKey ? state.byIdempotencyKey.get(idempotencyKey) : undefined;
    if (cached) return { status: 200, body: cached };
    const session = newSession(state, params);
    state.sessions.set(session.id, session);
    if (idempotencyKey) state.byIdempotencyKey.set(idempotencyKey, session);
    return { status: 200, body: session };
  }

  const promotion = handlePromotion(
    state.promotions,
    req.method ?? '',
    url.pathname,
    params,
    idempotencyKey,
  );
  if (promotion) return promotion;

  if (req.method === 'POST' && url.pathname === '/v1/refunds') {
    return createRefund(state, params, idempotencyKey);
  }

  const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
  if (req.method === 'GET' && match?.[1]) {
    const session = state.sessions.get(decodeURIComponent(match[1]));
    if (!session) {
      return stripeError(
        404,
        'invalid_request_error',
        `No such checkout.session: '${match[1]}'`,
        'resource_missing',
      );
    }
    return { status: 200, body: session };
  }
  return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${url.pathname}).`);
}

/**
 * POST /v1/refunds for a whole payment intent, as Stripe answers it: the refund, the same one again
 * for a repeated Idempotency-Key, and charge_already_refunded for a second refund of one payment.
 */
function createRefund(
  state: StandInState,
  params: Record<string, string>,
  idempotencyKey: string | undefined,
): StandInReply {
  const cached = idempotencyKey ? state.refundsByIdempotencyKey.get(idempotencyKey) : undefined;
  if (cached) return { status: 200, body: cached };
  const paymentIntent = params.payment_intent ?? '';
  const session = [...state.sessions.values()].find(
    (s) => s.payment_intent === paymentIntent && s.payment_status === 'paid',
  );
  if (!session) {
    return stripeError(
      404,
      'invalid_request_error',
      `No such payment_intent: '${paymentIntent}'`,
      'resource_missing',
    );
  }
  if (state.refunds.has(paymentIntent)) {
    return stripeError(
      400,
      'invalid_request_error',
      `Charge ch_${session.id} has already been refunded.`,
      'charge_already_refunded',
    );
  }
  const refund: StandInRefund = {
    id: `re_test_${randomBytes(12).toString('hex')}`,
    object: 'refund',
    amount: session.amount_total ?? 0,
    charge: `ch_${session.id}`,
    currency: session.currency,
    payment_intent: paymentIntent,
    reason: params.reason ?? null,
    status: 'succeeded',
    metadata: Object.fromEntries(
      Object.entries(params)
        .filter(([k]) => k.startsWith('metadata['))
        .map(([k, v]) => [k.slice('metadata['.length, -1), v]),
    ),
    created: Math.floor(Date.now() / 1000),
  };
  state.refunds.set(paymentIntent, refund);
  if (idempotencyKey) state.refundsByIdempotencyKey.set(idempotencyKey, refund);
  return { status: 200, body: refund };
}

/** An open, unpaid Checkout Session from the form parameters the SDK sent. */
function newSession(state: StandInState, params: Record<string, string>): StandInSession {
  const id = `cs_test_${randomBytes(12).toString('hex')}`;
  const subtotal = Number(params['line_items[0][price_data][unit_amount]'] ?? 0) || null;
  const promotionCode = params['discounts[0][promotion_code]'];
  const applied = promotionCode ? discounted(state.promotions, promotionCode, subtotal ?? 0) : null;
  if (promotionCode && !applied) throw new Error(`stand-in: no active ${promotionCode}`);
  return {
    id,
    object: 'checkout.session',
    mode: params.mode ?? 'payment',
    status: 'open',
    payment_status: 'unpaid',
    client_reference_id: params.client_reference_id ?? null,
    customer_email: params.customer_email ?? null,
    amount_total: applied ? applied.total : subtotal,
    amount_subtotal: subtotal,
    discounts: applied?.discounts ?? [],
    allow_promotion_codes: params.allow_promotion_codes === 'true',
    currency: params['line_items[0][price_data][currency]'] ?? null,
    payment_intent: null,
    success_url: params.success_url ?? '',
    cancel_url: params.cancel_url ?? '',
    url: `https://checkout.stripe.test/c/pay/${id}`,
    metadata: Object.fromEntries(
      Object.entries(params)
        .filter(([k]) => k.startsWith('metadata['))
        .map(([k, v]) => [k.slice('metadata['.length, -1), v]),
    ),
    created: Math.floor(Date.now() / 1000),
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function stripeError(status: number, type: string, message: string, code?: string) {
  return { status, body: { error: { type, message, ...(code ? { code } : {}) } } };
}
