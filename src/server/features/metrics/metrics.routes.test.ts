import { MAX_SAVED_CODE_CHARS } from '#shared/api/exercise-progress.schema.ts';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserHeaders,
  createTestApp,
  signInWithDevLogin,
  testContent,
  type TestApp,
} from '../../testing/test-app.ts';
import { startStripeStandIn, type StripeStandIn } from '../../testing/stripe-stand-in.ts';
import { createStripePayments } from '../billing/stripe.payments.ts';

// GET /metrics (issue 39): absent without METRICS_TOKEN, refused without the token, and after each
// kind of activity its family has samples whose labels come from fixed sets only.

const TOKEN = 'metrics-token-for-tests-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

/** Samples of the exposition text: name, labels, value (comments skipped). */
function samples(text: string) {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
      );
      return {
        name: match[1] ?? '',
        labels: labels as Record<string, string>,
        value: Number(match[3]),
      };
    });
}

async function scrape(t: TestApp) {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return samples(res.body);
}

const has = (all: ReturnType<typeof samples>, name: string, labels: Record<string, string> = {}) =>
  all.some(
    (s) =>
      s.name === name &&
      s.value > 0 &&
      Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
/** Every label of our own families, and the only values it may take. */
const ALLOWED: Record<
  string,
  (value: string, labels: Record<string, string>, t: TestApp) => boolean
> = {
  method: (v) => METHODS.includes(v),
  route: (v, labels, t) =>
    v === 'unmatched' || t.app.hasRoute({ url: v, method: (labels.method ?? 'GET') as 'GET' }),
  status_class: (v) => /^[1-5]xx$/.test(v),
  kind: (v) => ['select', 'insert', 'update', 'delete', 'other'].includes(v),
  result: (v) => ['ok', 'error'].includes(v),
  outcome: (v) =>
    [
      ...['completed', 'timed_out', 'memory', 'crashed'],
      ...['granted', 'already_granted', 'ignored', 'duplicate_event', 'marked_failed'],
      ...['marked_canceled', 'revoked', 'already_revoked', 'unknown_order'],
    ].includes(v),
  status: (v) => ['pending', 'sending', 'sent', 'failed', 'canceled'].includes(v),
  provider: (v) => ['google', 'dev', 'stripe', 'demo'].includes(v),
  source: (v) => ['webhook', 'success_lookup', 'demo'].includes(v),
  le: (v) => v === '+Inf' || Number.isFinite(Number(v)),
};

function expectBoundedLabels(t: TestApp, all: ReturnType<typeof samples>, secrets: string[]) {
  for (const sample of all) {
    for (const [key, value] of Object.entries(sample.labels)) {
      for (const secret of secrets) expect(value, `${sample.name} ${key}`).not.toContain(secret);
      if (!sample.name.startsWith('indent_')) continue;
      const allowed = ALLOWED[key];
      expect(allowed, `label ${key} of ${sample.name} has no allowed set`).toBeDefined();
      expect(allowed?.(value, sample.labels, t), `${sample.name}{${key}="${value}"}`).toBe(true);
    }
  }
}

describe('GET /metrics', () => {
  it('is absent without METRICS_TOKEN', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('refuses without the token or with a wrong one (401), signed in or not', async () => {
    const t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    try {
      const { jar } = await signInWithDevLogin(t, 'Nosy Learner', 'nosy@example.com');
      for (const headers of [
        {},
        browserHeaders(jar),
        { authorization: `Bearer ${TOKEN}x` },
        { authorization: TOKEN },
        { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
      ]) {
        const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(401);
        expect(res.json().error.message).toBe('GET /metrics needs the metrics token.');
        expect(res.body).not.toContain('indent_');
      }
    } finally {
      await t.close();
    }
  });

  it('refuses a token shorter than 16 characters at start-up', async () => {
    await expect(createTestApp({ env: { METRICS_TOKEN: 'short' } })).rejects.toThrow(
      /METRICS_TOKEN must be at least 16 characters/,
    );
  });
});

describe('metric families after activity (demo checkout, quiz, exercise checks)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        METRICS_TOKEN: TOKEN,
        PYTHON_CHECK_WORKERS: '1',
        PYTHON_CHECK_TIMEOUT_MS: '3000',
        PYTHON_CHECK_MEMORY_MB: '128',
      },
    });
  });
  afterAll(() => t.close());

  it('counts requests, sign-ins, orders, grants, mail, checks and queries, with bounded labels', async () => {
    const email = 'counted.learner@example.com';
    const { jar, user } = await signInWithDevLogin(t, 'Counted Learner', email);
    const post = (url: string, payload: Record<string, unknown> = {}) =>
      t.app.inject({ method: 'POST', url, headers: browserHeaders(jar), payload });

    const checkout = await post('/create-checkout-session', { googleId: user.googleId });
    expect(checkout.statusCode).toBe(200);
    const { id: sessionId } = checkout.json<{ id: string }>();
    expect((await post(`/api/demo-checkout/${sessionId}/pay`)).statusCode).toBe(200);

    const content = await testContent();
    const quiz = content.quizzes.get(content.quizList[0]?._id ?? '');
    const submitted = await post('/api/submit-quiz', {
      userId: user._id,
      quizId: quiz?.slug,
      answers: quiz?.questions.map((q) => q.answers[q.correct] ?? '') ?? [],
    });
    expect(submitted.statusCode).toBe(200);

    const check = (id: string, code: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/exercise-progress/${id}/checks`,
        headers: browserHeaders(jar),
        payload: { code, browserPassed: true },
      });
    const solution = [...content.lessons.values()]
      .flatMap((lesson) => lesson.exercises)
      .find((exercise) => exercise.id === 'm01-e1-first-words')?.solution;
    expect((await check('m01-e1-first-words', solution ?? '')).json().passed).toBe(true);
    const endless = await check('m01-e3-fix-recipe-card', 'while True:\n    pass');
    expect(endless.json().passed).toBe(false);
    // One allocation past PYTHON_CHECK_MEMORY_MB: MemoryError at once, whatever the machine's load.
    const hog = 'keep = bytearray(1_000_000_000)';
    expect((await check('m02-e1-gym-minutes', hog)).json().passed).toBe(false);
    // A draft too long to save: a 4xx under the route's pattern.
    const tooLong = await t.app.inject({
      method: 'PUT',
      url: '/api/exercise-progress/m01-e1-first-words',
      headers: browserHeaders(jar),
      payload: { code: 'x'.repeat(MAX_SAVED_CODE_CHARS + 1) },
    });
    expect(tooLong.statusCode).toBe(413);
    // A raw URL holding an id no route matches.
    await t.app.inject({ method: 'GET', url: `/api/no-such/${user._id}?email=${email}` });

    const all = await scrape(t);
    expect(
      has(all, 'indent_http_requests_total', { route: '/api/submit-quiz', status_class: '2xx' }),
    ).toBe(true);
    expect(
      has(all, 'indent_http_requests_total', {
        route: '/api/exercise-progress/:exerciseId',
        status_class: '4xx',
      }),
    ).toBe(true);
    expect(
      has(all, 'indent_http_requests_total', { route: 'unmatched', status_class: '4xx' }),
    ).toBe(true);
    expect(
      has(all, 'indent_http_request_duration_seconds_count', { route: '/api/submit-quiz' }),
    ).toBe(true);
    expect(has(all, 'indent_auth_sign_ins_total', { provider: 'dev' })).toBe(true);
    expect(has(all, 'indent_billing_orders_started_total', { provider: 'demo' })).toBe(true);
    expect(has(all, 'indent_billing_grants_total', { source: 'demo' })).toBe(true);
    // The receipt the grant queued (the development mail driver has not sent it yet, or has).
    expect(
      all.some((s) => s.name === 'indent_mail_outbox_messages' && s.labels.status === 'pending'),
    ).toBe(true);
    expect(
      all.filter((s) => s.name === 'indent_mail_outbox_messages').reduce((n, s) => n + s.value, 0),
    ).toBe(1);
    expect(has(all, 'indent_exercise_check_runs_total', { outcome: 'completed' })).toBe(true);
    expect(has(all, 'indent_exercise_check_runs_total', { outcome: 'timed_out' })).toBe(true);
    expect(has(all, 'indent_exercise_check_runs_total', { outcome: 'memory' })).toBe(true);
    expect(has(all, 'indent_exercise_check_run_duration_seconds_count')).toBe(true);
    expect(has(all, 'indent_exercise_check_processes')).toBe(true);
    expect(all.some((s) => s.name === 'indent_exercise_check_queue_length')).toBe(true);
    expect(all.some((s) => s.name === 'indent_exercise_check_refused_total')).toBe(true);
    expect(
      has(all, 'indent_db_query_duration_seconds_count', { kind: 'select', result: 'ok' }),
    ).toBe(true);
    expect(has(all, 'indent_db_query_duration_seconds_count', { kind: 'insert' })).toBe(true);
    expect(has(all, 'process_cpu_user_seconds_total')).toBe(true);
    expect(has(all, 'nodejs_heap_size_used_bytes')).toBe(true);

    expectBoundedLabels(t, all, [user._id, email, sessionId, user.googleId]);
  }, 120_000);
});

describe('webhook metrics (Stripe driver)', () => {
  const SECRET_KEY = 'sk_test_indent_standin';
  const WEBHOOK_SECRET = 'whsec_indent_metrics_secret';
  let standIn: StripeStandIn;
  let t: TestApp;
  beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
    t = await createTestApp({
      env: {
        METRICS_TOKEN: TOKEN,
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
      deps: {
        payments: createStripePayments({
          secretKey: SECRET_KEY,
          webhookSecret: WEBHOOK_SECRET,
          api: standIn.api,
        }),
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('counts events processed by outcome and requests refused', async () => {
    const payload = JSON.stringify({
      id: 'evt_metrics_1',
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    const deliver = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    const signer = new Stripe(SECRET_KEY);
    const signed = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await deliver(signed)).statusCode).toBe(200);
    expect((await deliver(signed)).json().outcome).toBe('duplicate_event');
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect((await deliver(forged)).statusCode).toBe(400);

    const all = await scrape(t);
    expect(has(all, 'indent_billing_webhook_events_processed_total', { outcome: 'ignored' })).toBe(
      true,
    );
    expect(
      has(all, 'indent_billing_webhook_events_processed_total', { outcome: 'duplicate_event' }),
    ).toBe(true);
    expect(has(all, 'indent_billing_webhook_events_refused_total')).toBe(true);
    expect(
      has(all, 'indent_http_requests_total', { route: '/api/stripe/webhook', status_class: '4xx' }),
    ).toBe(true);
    expectBoundedLabels(t, all, ['evt_metrics_1']);
  });
});
