import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers with a Content-Security-Policy that allows only our own origin, plus the few
 * outside hosts the product needs: Google profile pictures, and the advertising tag when configured.
 * 'wasm-unsafe-eval' lets the self-hosted Python runtime compile WebAssembly without allowing eval().
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { production: boolean },
) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // CodeMirror writes its theme into <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://*.googleusercontent.com'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
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
