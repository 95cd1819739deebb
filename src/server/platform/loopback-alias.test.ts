import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

describe('the other loopback spelling of the configured origin', () => {
  it('is sent to the configured origin in development, so sign-in works from either address', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'development' } });
    try {
      for (const host of ['127.0.0.1:3000', '[::1]:3000']) {
        const res = await t.app.inject({ method: 'GET', url: '/login?x=1', headers: { host } });
        expect(res.statusCode, host).toBe(308);
        expect(res.headers.location, host).toBe('http://localhost:3000/login?x=1');
      }
      // The configured spelling, another port and another host are answered as they are.
      for (const host of ['localhost:3000', '127.0.0.1:4000', 'example.com']) {
        const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host } });
        expect(res.statusCode, host).toBe(200);
      }
      // API calls are made by a page, which the redirect has already moved.
      const post = await t.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { host: '127.0.0.1:3000', origin: 'http://localhost:3000' },
      });
      expect(post.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('is answered as it is outside development', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { host: '127.0.0.1:3000' },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
