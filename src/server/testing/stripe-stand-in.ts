import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP stand-in for the few Stripe endpoints the stripe driver calls (create and retrieve a
 * Checkout Session), for tests: the real `stripe` SDK talks to it over HTTP with its own encoding,
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
  currency: string | null;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
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
}

interface StandInReply {
  status: number;
  body: unknown;
}

export async function startStripeStandIn(options: { secretKey: string }) {
  const sessions = new Map<string, StandInSession>();
  const byIdempotencyKey = new Map<string, StandInSession>();
  const requests: StandInRequest[] = [];
  const state: StandInState = {
    secretKey: options.secretKey,
    sessions,
    byIdempotencyKey,
    requests,
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
    const session = newSession(params);
    state.sessions.set(session.id, session);
    if (idempotencyKey) state.byIdempotencyKey.set(idempotencyKey, session);
    return { status: 200, body: session };
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

/** An open, unpaid Checkout Session from the form parameters the SDK sent. */
function newSession(params: Record<string, string>): StandInSession {
  const id = `cs_test_${randomBytes(12).toString('hex')}`;
  return {
    id,
    object: 'checkout.session',
    mode: params.mode ?? 'payment',
    status: 'open',
    payment_status: 'unpaid',
    client_reference_id: params.client_reference_id ?? null,
    customer_email: params.customer_email ?? null,
    amount_total: Number(params['line_items[0][price_data][unit_amount]'] ?? 0) || null,
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
