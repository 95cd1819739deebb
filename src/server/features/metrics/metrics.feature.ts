import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { QueryTimings } from '../../db/query-timings.ts';
import type { Env } from '../../env.ts';
import type { App } from '../../platform/fastify.ts';

/** Seconds: from a cached session look-up (well under a millisecond) to a slow exercise check. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];
const QUERY_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1, 0.5, 2];

/**
 * Prometheus metrics (issue 39, decision 0029). One registry per app, made here and handed to the
 * features, which define their own families on it. With METRICS_TOKEN set, this also times every
 * request and statement, adds the process's default metrics and serves GET /metrics to
 * `Authorization: Bearer <token>`; without it there is no such route and nothing is timed.
 */
export function registerMetrics(
  app: App,
  deps: { env: Env; queries?: QueryTimings | undefined },
): { registry: Registry } {
  const registry = new Registry();
  const token = deps.env.METRICS_TOKEN;
  if (!token) return { registry };

  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'indent_http_requests_total',
    help: 'HTTP requests answered, by route pattern and status class',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'indent_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and status class',
    labelNames,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  // The route's pattern (/api/quizzes/:id), never the URL, so ids and query strings never become
  // labels; a request no route matched is counted as "unmatched".
  // Each label set's children are looked up once and kept: prom-client otherwise hashes the labels
  // on every observation, which cost a write-heavy endpoint a fifth of its throughput (npm run bench).
  const httpChildren = new Map<
    string,
    { count: Counter.Internal; time: Histogram.Internal<string> }
  >();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const statusClass = `${Math.floor(reply.statusCode / 100)}xx`;
    const key = `${request.method} ${route} ${statusClass}`;
    let children = httpChildren.get(key);
    if (!children) {
      const labels = { method: request.method, route, status_class: statusClass };
      children = { count: requests.labels(labels), time: duration.labels(labels) };
      httpChildren.set(key, children);
    }
    children.count.inc();
    children.time.observe(reply.elapsedTime / 1000);
    done();
  });

  const queries = new Histogram({
    name: 'indent_db_query_duration_seconds',
    help: 'Time of one database statement, by kind (select, insert, update, delete, other)',
    labelNames: ['kind', 'result'] as const,
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  const queryChildren = new Map<string, Histogram.Internal<string>>();
  deps.queries?.listen((kind, seconds, failed) => {
    const key = failed ? `${kind} error` : kind;
    let child = queryChildren.get(key);
    if (!child) {
      child = queries.labels({ kind, result: failed ? 'error' : 'ok' });
      queryChildren.set(key, child);
    }
    child.observe(seconds);
  });
  app.addHook('onClose', async () => deps.queries?.listen(undefined));

  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = request.headers.authorization;
    // Compared as digests of equal length in constant time, so the token cannot be guessed by timing.
    if (!given || !timingSafeEqual(digest(given), expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({
          error: { code: 'unauthorized', message: 'GET /metrics needs the metrics token.' },
        });
    }
    const body = await registry.metrics();
    return reply.header('content-type', registry.contentType).send(body);
  });
  return { registry };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
