import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers with a Content-Security-Policy that allows only our own origin, plus the few
 * outside hosts the product needs: Google profile pictures, and the advertising tag when configured.
 * 'wasm-unsafe-eval' lets the self-hosted Python runtime compile WebAssembly without allowing eval().
 */
export async function registerSecurityHeaders(
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
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...ads.script],
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
    hsts: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}
