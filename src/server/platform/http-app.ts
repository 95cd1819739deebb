import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Env } from '../env.ts';
import { answerClientError } from './client-errors.ts';
import { AppError, errorBody } from './errors.ts';
import type { App } from './fastify.ts';
import { registerLoopbackAlias } from './loopback-alias.ts';
import { registerOriginCheck } from './origin-check.ts';
import { registerSecurityHeaders } from './security-headers.ts';

/**
 * Fastify with the generic platform every feature stands on: zod schemas, one error handler, security
 * headers, cookies, rate limits (in memory, or in Redis when REDIS_URL is set so several instances
 * share them), the same-origin check for writes, and the OpenAPI document at /api/docs.
 */
export async function createHttpApp(options: {
  env: Env;
  logger?: FastifyServerOptions['logger'];
  /** OpenAPI security schemes the routes' hooks refer to (the access feature's session cookie). */
  securitySchemes: Record<string, { type: 'apiKey'; in: 'cookie'; name: string }>;
}): Promise<App> {
  const { env } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    // Lets SIGTERM finish in-flight requests while idle keep-alive sockets close at once.
    forceCloseConnections: 'idle',
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  if (env.NODE_ENV === 'development') registerLoopbackAlias(app, { origin: env.origin });
  registerSecurityHeaders(app, {
    production: env.NODE_ENV === 'production',
    advertising: Boolean(env.ADS_CONVERSION_ID),
  });
  await app.register(cookie);
  const redis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 })
    : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'indent-rate-limit-' } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        429,
        'rate_limited',
        `Too many attempts. Please wait ${context.after} and try again.`,
      ),
  });
  registerOriginCheck(app, { origin: env.origin, exemptPaths: ['/api/stripe/webhook'] });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Indent API',
        version: '1.0.0',
        description: 'The API behind the Indent course.',
      },
      components: { securitySchemes: options.securitySchemes },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  return app;
}

/** Typed domain errors to their status; schema errors to a 400 naming the field; the rest to a 500. */
function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return reply.status(error.statusCode).send(errorBody(error.code, error.message));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const context = error.validationContext ?? 'request';
    const where = first?.instancePath
      ? `${context}${first.instancePath.replaceAll('/', '.')}`
      : context;
    const detail = first?.message ?? 'it does not match the expected shape';
    return reply.status(400).send(errorBody('validation_failed', `Invalid ${where}: ${detail}.`));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const codes: Record<number, string> = {
      413: 'payload_too_large',
      415: 'unsupported_media_type',
      429: 'rate_limited',
    };
    return reply.status(status).send(errorBody(codes[status] ?? 'bad_request', error.message));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply
    .status(500)
    .send(
      errorBody(
        'internal_error',
        'Something went wrong on our side. Please try again in a moment.',
      ),
    );
}
