import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
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
import type { App } from './platform/fastify.ts';
import type { Db, DbEngine } from './db/database.ts';
import type { Env } from './env.ts';
import { registerClientApp } from './platform/client-app.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { AppError, errorBody } from './platform/errors.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { healthRoutes } from './features/health/health.routes.ts';

export interface AppDeps {
  env: Env;
  db: Db;
  engine: DbEngine;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
}

/** Everything is wired here, so each test can build a fresh app on a fresh database. */
export type { App };

export async function buildApp(deps: AppDeps): Promise<App> {
  const { env } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    // Lets SIGTERM finish in-flight requests while idle keep-alive sockets close at once.
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  await registerSecurityHeaders(app, { production: env.NODE_ENV === 'production' });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Indent API',
        version: '1.0.0',
        description: 'The API behind the Indent course.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(healthRoutes, { db: deps.db, engine: deps.engine, clock });
  await registerClientApp(app, { clientDir: env.CLIENT_DIR });

  app.addHook('onClose', async () => {
    await deps.db.destroy();
  });
  return app;
}

function errorHandler(
  this: FastifyInstance,
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof AppError) {
    return reply.status(error.statusCode).send(errorBody(error.code, error.message));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const where = first?.instancePath
      ? `${error.validationContext ?? 'request'}${first.instancePath.replaceAll('/', '.')}`
      : (error.validationContext ?? 'request');
    return reply
      .status(400)
      .send(
        errorBody(
          'validation_failed',
          `Invalid ${where}: ${first?.message ?? 'the request does not match the expected shape'}.`,
        ),
      );
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code =
      status === 429
        ? 'rate_limited'
        : status === 413
          ? 'payload_too_large'
          : status === 415
            ? 'unsupported_media_type'
            : 'bad_request';
    return reply.status(status).send(errorBody(code, error.message));
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
