import { availableParallelism } from 'node:os';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const databaseUrl = z
  .string()
  .trim()
  .default('file:data/indent.db')
  .refine((value) => /^(file:.+|postgres(ql)?:\/\/.+)$/.test(value), {
    message: 'must be file:<path> for SQLite or postgres://user@host:port/db for PostgreSQL',
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ message: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be from 1 to 65535')
      .max(65_535, 'must be from 1 to 65535')
      .default(3000),
    HOST: optionalText,
    PUBLIC_ORIGIN: z
      .url({ message: 'must be an absolute URL such as https://indent.dev' })
      .optional()
      .transform((value) => value?.replace(/\/+$/, '')),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    CONTENT_DIR: z.string().trim().default('content'),
    CLIENT_DIR: z.string().trim().default('dist/client'),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    GOOGLE_ISSUER: z
      .url({ message: 'must be an absolute URL' })
      .default('https://accounts.google.com'),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_PRICE_ID: optionalText,
    REDIS_URL: optionalText,
    ADS_CONVERSION_ID: optionalText,
    SMTP_HOST: optionalText,
    SMTP_PORT: z.coerce
      .number({ message: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be from 1 to 65535')
      .max(65_535, 'must be from 1 to 65535')
      .default(587),
    SMTP_USER: optionalText,
    SMTP_PASSWORD: optionalText,
    MAIL_FROM: optionalText,
    MAIL_OFF: z
      .enum(['true', 'false'], { message: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
    MAIL_DEV_DIR: optionalText,
    // Server-side exercise checks (src/server/python): one sandboxed Pyodide process per worker,
    // about 150 MB each.
    PYTHON_CHECK_WORKERS: z.coerce
      .number({ message: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be from 1 to 16')
      .max(16, 'must be from 1 to 16')
      .default(Math.min(availableParallelism(), 2)),
    PYTHON_CHECK_TIMEOUT_MS: z.coerce
      .number({ message: 'must be a whole number' })
      .int('must be a whole number')
      .min(100, 'must be from 100 to 60000')
      .max(60_000, 'must be from 100 to 60000')
      .default(10_000),
    PYTHON_CHECK_MEMORY_MB: z.coerce
      .number({ message: 'must be a whole number' })
      .int('must be a whole number')
      .min(64, 'must be from 64 to 2048')
      .max(2_048, 'must be from 64 to 2048')
      .default(256),
    // Browser journeys only (NODE_ENV=test): a file holding milliseconds added to the server's time.
    TEST_CLOCK_FILE: optionalText,
    // GET /metrics is served only with this set, and only to `Authorization: Bearer <token>`.
    METRICS_TOKEN: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined))
      .refine((value) => value === undefined || value.length >= 16, {
        message: 'must be at least 16 characters (e.g. openssl rand -hex 24)',
      }),
    // On SIGTERM, how long /api/ready answers 503 before the server stops accepting connections,
    // so the load balancer's next poll takes the instance out first (0 in development and tests).
    SHUTDOWN_DELAY_MS: z.coerce
      .number({ message: 'must be a whole number' })
      .int('must be a whole number')
      .min(0, 'must be from 0 to 60000')
      .max(60_000, 'must be from 0 to 60000')
      .default(0),
    TRUST_PROXY: z
      .enum(['true', 'false'], { message: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    // Production must never fall back to the local sign-in page or the demo checkout.
    for (const name of [
      'GOOGLE_CLIENT_ID',
      'GOOGLE_CLIENT_SECRET',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ] as const) {
      if (!env[name]) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message:
            'is required when NODE_ENV=production (the dev sign-in and demo checkout drivers are refused in production)',
        });
      }
    }
    // Mail is promised on the payment page: production sends it through SMTP or is told it is off.
    if (!env.MAIL_OFF) {
      for (const name of ['SMTP_HOST', 'MAIL_FROM'] as const) {
        if (!env[name]) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message:
              'is required when NODE_ENV=production (or set MAIL_OFF=true to run without mail)',
          });
        }
      }
    }
    if (!env.PUBLIC_ORIGIN) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_ORIGIN'],
        message: 'is required when NODE_ENV=production',
      });
    }
  });

export type Env = z.output<typeof envSchema> & {
  /** The site's own origin, used for redirects, Origin checks and canonical URLs. */
  origin: string;
  identityDriver: 'google' | 'dev';
  paymentsDriver: 'stripe' | 'demo';
  /** SMTP when a host is set; off when MAIL_OFF=true; otherwise the development mail folder. */
  mailDriver: 'smtp' | 'dev' | 'off';
};

export class EnvError extends Error {
  override readonly name = 'EnvError';
}

/** Parses the environment; throws an EnvError whose message is one line naming the variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join('.') || 'environment';
    const raw = typeof issue?.path[0] === 'string' ? source[issue.path[0]] : undefined;
    const got = raw === undefined ? '' : ` (got ${JSON.stringify(raw)})`;
    throw new EnvError(`Configuration error: ${name} ${issue?.message ?? 'is invalid'}${got}`);
  }
  const env = result.data;
  return {
    ...env,
    origin: env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`,
    identityDriver: env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET ? 'google' : 'dev',
    paymentsDriver: env.STRIPE_SECRET_KEY ? 'stripe' : 'demo',
    mailDriver: env.MAIL_OFF ? 'off' : env.SMTP_HOST ? 'smtp' : 'dev',
  };
}
