import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { EARLY_DATA_SCRIPT } from '#shared/early-data.ts';
import { THEME_BOOT_SCRIPT } from '#shared/theme.ts';

/**
 * Security headers (helmet's policy) with a Content-Security-Policy that allows only our own origin, plus the few
 * outside hosts the product needs: Google profile pictures, and the advertising tag when configured.
 * 'wasm-unsafe-eval' lets the self-hosted Python runtime compile WebAssembly without allowing eval().
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: {
    production: boolean;
    /** ADS_CONVERSION_ID is set: allow the advertising tag's hosts. */
    advertising?: boolean;
  },
) {
  // Only the payment-success page loads the tag, and only when an advertising id is configured.
  const ads = options.advertising
    ? {
        script: ['https://www.googletagmanager.com'],
        connect: [
          'https://www.google.com',
          'https://*.google-analytics.com',
          'https://*.googletagmanager.com',
          'https://googleads.g.doubleclick.net',
        ],
        img: [
          'https://www.googletagmanager.com',
          'https://www.google.com',
          'https://googleads.g.doubleclick.net',
        ],
        frame: ['https://td.doubleclick.net', 'https://www.googletagmanager.com'],
      }
    : { script: [], connect: [], img: [], frame: [] };
  const headers = computeHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // The two inline scripts, the theme's boot script (decision 0018) and the course pages'
        // early data requests (decision 0021), are allowed by their hashes, never 'unsafe-inline'.
        scriptSrc: [
          "'self'",
          "'wasm-unsafe-eval'",
          themeScriptHash,
          earlyDataScriptHash,
          ...ads.script,
        ],
        // CodeMirror writes its theme into <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://*.googleusercontent.com', ...ads.img],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...ads.connect],
        ...(options.advertising ? { frameSrc: ads.frame } : {}),
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(options.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The Python runtime's worker and wasm are same-origin; cross-origin embedders are not needed.
    crossOriginEmbedderPolicy: false,
    // 'no-referrer' (helmet's default) makes browsers send `Origin: null` on our own form posts, which
    // the CSRF check must refuse; 'same-origin' keeps referrers from leaving the site all the same.
    referrerPolicy: { policy: 'same-origin' },
    hsts: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // JSON answers are never rendered as documents, so they get the short set OWASP recommends for
  // APIs: no sniffing, no framing, no cross-origin reads, and a policy that allows nothing at all.
  const apiHeaders: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'same-origin',
    ...(headers['strict-transport-security']
      ? { 'strict-transport-security': headers['strict-transport-security'] }
      : {}),
  };
  // The headers depend only on configuration, so they are worked out once at start-up instead of on
  // every request (which halved the throughput of small API answers).
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    reply.headers(
      url.startsWith('/api/') && !url.startsWith(API_DOCS_PREFIX) ? apiHeaders : headers,
    );
    done();
  });
}

const cspHash = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** The CSP source that allows exactly the inline theme boot script of every page. */
export const themeScriptHash = cspHash(THEME_BOOT_SCRIPT);

/** The CSP source that allows exactly the app shell's early data script. */
export const earlyDataScriptHash = cspHash(EARLY_DATA_SCRIPT);

/** The API's documentation is an HTML page (Swagger UI): it gets the document headers. */
const API_DOCS_PREFIX = '/api/docs';

/** Runs helmet's middleware once against a recording response and returns the headers it set. */
function computeHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return Object.fromEntries(headers);
}
