import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { headers, signIn } from '../../testing/billing-helpers.ts';

// One app per file: PostgreSQL test schemas share a database, and Kysely's migrator looks for its
// own tables in every schema, so two apps migrating side by side in one file can trip over each other.

let withAds: TestApp;
beforeAll(async () => {
  withAds = await createTestApp({ env: { ADS_CONVERSION_ID: 'AW-123456789/AbC-dEf' } });
});
afterAll(async () => {
  await withAds.close();
});

describe('the advertising conversion', () => {
  it('is named by the success look-up and allowed by the CSP only when ADS_CONVERSION_ID is set', async () => {
    {
      const who = await signIn(withAds, 'Ad Learner', 'ads@example.com');
      const start = await withAds.app.inject({
        method: 'POST',
        url: '/create-checkout-session',
        headers: headers(who.jar),
        payload: { googleId: who.user.googleId },
      });
      const { id } = start.json<{ id: string }>();
      await withAds.app.inject({
        method: 'POST',
        url: `/api/demo-checkout/${id}/pay`,
        headers: headers(who.jar),
      });
      const success = await withAds.app.inject({
        method: 'GET',
        url: `/api/order/success?session_id=${id}`,
        headers: headers(who.jar),
      });
      expect(success.json().conversion).toEqual({
        sendTo: 'AW-123456789/AbC-dEf',
        tagId: 'AW-123456789',
      });
      // The tag runs in the payment-success page, so that document's policy must allow it.
      const page = await withAds.app.inject({
        method: 'GET',
        url: `/payment-success?session_id=${id}`,
      });
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['content-security-policy']).toContain('https://www.googletagmanager.com');
    }
  });
});
