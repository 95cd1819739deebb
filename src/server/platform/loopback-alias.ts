import type { FastifyInstance } from 'fastify';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** What a browser asks for when someone opens an address; API calls come from the opened page. */
const NAVIGATIONS = new Set(['GET', 'HEAD']);

/**
 * In development the same server answers at http://localhost:3000 and http://127.0.0.1:3000, but
 * cookies, the Origin check and the sign-in redirect address belong to one of them (PUBLIC_ORIGIN,
 * by default localhost). A page or file asked for at the other spelling is sent to the configured
 * one, so sign-in works whichever address a developer opens. Registered in development only.
 */
export function registerLoopbackAlias(app: FastifyInstance, options: { origin: string }): void {
  const origin = new URL(options.origin);
  if (!LOOPBACK_HOSTS.has(origin.hostname)) return;
  app.addHook('onRequest', (request, reply, done) => {
    const host = request.headers.host;
    if (!host || host === origin.host || !NAVIGATIONS.has(request.method)) return done();
    const asked = parseHost(host);
    if (!asked || !LOOPBACK_HOSTS.has(asked.hostname) || asked.port !== origin.port) return done();
    reply.redirect(`${origin.origin}${request.url}`, 308);
  });
}

function parseHost(host: string): URL | undefined {
  try {
    return new URL(`http://${host}`);
  } catch {
    return undefined;
  }
}
