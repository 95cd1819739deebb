import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

describe('loadEnv', () => {
  it('runs with no configuration at all: SQLite, dev sign-in, demo checkout', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATABASE_URL: 'file:data/indent.db',
      identityDriver: 'dev',
      paymentsDriver: 'demo',
      mailDriver: 'dev',
      origin: 'http://localhost:3000',
    });
  });

  it.each([
    [{ PORT: 'abc' }, /^Configuration error: PORT must be a whole number \(got "abc"\)$/],
    [{ PORT: '70000' }, /^Configuration error: PORT must be from 1 to 65535/],
    [{ DATABASE_URL: 'mysql://localhost/x' }, /^Configuration error: DATABASE_URL must be file:/],
    [{ PUBLIC_ORIGIN: 'not a url' }, /^Configuration error: PUBLIC_ORIGIN must be an absolute URL/],
  ])('refuses %o with one line naming the variable', (source, message) => {
    expect(() => loadEnv(source)).toThrow(message);
    try {
      loadEnv(source);
    } catch (err) {
      expect(String((err as Error).message)).not.toContain('\n');
    }
  });

  it('refuses the dev and demo drivers in production, naming the missing variable', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://indent.dev' })).toThrow(
      /GOOGLE_CLIENT_ID is required when NODE_ENV=production/,
    );
    const full = {
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: 'https://indent.dev/',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      SMTP_HOST: 'smtp.example.com',
      MAIL_FROM: 'Indent <hello@indent.dev>',
    };
    expect(() => loadEnv({ ...full, STRIPE_WEBHOOK_SECRET: '' })).toThrow(
      /STRIPE_WEBHOOK_SECRET is required/,
    );
    expect(() => loadEnv({ ...full, SMTP_HOST: '' })).toThrow(
      /SMTP_HOST is required when NODE_ENV=production \(or set MAIL_OFF=true/,
    );
    expect(loadEnv({ ...full, SMTP_HOST: '', MAIL_FROM: '', MAIL_OFF: 'true' }).mailDriver).toBe(
      'off',
    );
    expect(loadEnv(full)).toMatchObject({
      identityDriver: 'google',
      paymentsDriver: 'stripe',
      mailDriver: 'smtp',
      origin: 'https://indent.dev',
    });
  });
});
