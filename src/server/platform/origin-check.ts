import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery defence: a state-changing request from a browser must come from our own
 * origin. Browsers send Origin (or Sec-Fetch-Site) on such requests; clients without them (Stripe's
 * webhook, curl) carry no victim's cookies, so they are not a forgery risk.
 */
export function registerOriginCheck(
  app: FastifyInstance,
  options: { origin: string; exemptPaths: string[] },
) {
  // A callback hook, not an async one: it runs on every request and mostly does nothing.
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const path = request.url.split('?')[0] ?? '';
    if (options.exemptPaths.includes(path)) return done();
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const crossSite = origin
      ? origin !== options.origin
      : fetchSite === 'cross-site' || fetchSite === 'same-site';
    if (!crossSite) return done();
    // Replying ends the request here; `done` is not called after a reply.
    reply
      .status(403)
      .send(
        errorBody(
          'bad_origin',
          'This request came from another site and was refused. Please use the Indent site itself.',
        ),
      );
  });
}
