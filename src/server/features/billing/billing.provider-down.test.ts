import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { headers, signIn } from '../../testing/billing-helpers.ts';
import { createStripePayments } from './stripe.payments.ts';

/** A port nobody listens on: taken from the OS, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let t: TestApp;
beforeAll(async () => {
  const port = await closedPort();
  t = await createTestApp({
    env: { STRIPE_SECRET_KEY: 'sk_test_down', STRIPE_WEBHOOK_SECRET: 'whsec_down' },
    deps: {
      payments: createStripePayments({
        secretKey: 'sk_test_down',
        webhookSecret: 'whsec_down',
        api: { host: '127.0.0.1', port, protocol: 'http' },
      }),
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe('when Stripe cannot be reached', () => {
  it('checkout and the success look-up answer 503 with a message, and record nothing', async () => {
    const who = await signIn(t, 'Offline Learner', 'offline@example.com');
    const start = await t.app.inject({
      method: 'POST',
      url: '/create-checkout-session',
      headers: headers(who.jar),
      payload: { googleId: who.user.googleId },
    });
    expect(start.statusCode).toBe(503);
    expect(start.json().error.message).toContain('payment provider is not reachable');
    const lookup = await t.app.inject({
      method: 'GET',
      url: '/api/order/success?session_id=cs_test_whatever',
      headers: headers(who.jar),
    });
    expect(lookup.statusCode).toBe(503);
    expect(await t.database.db.selectFrom('orders').selectAll().execute()).toHaveLength(0);
  });
});
