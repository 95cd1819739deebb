import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('platform', () => {
  it('answers the health check after asking the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: t.database.engine });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({
      error: { code: 'not_found', message: expect.stringContaining('/api/nope') },
    });
  });

  it('answers a malformed JSON body with a 400 JSON error, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/anything',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
    expect(res.body).not.toContain('at ');
  });

  it('serves the app for page routes and for unknown pages, with the right status', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toContain('text/html');
    expect(home.body).toContain('<div id="root">');

    const lesson = await t.app.inject({ method: 'GET', url: '/dashboard/lessons/module15' });
    expect(lesson.statusCode).toBe(200);

    const unknown = await t.app.inject({ method: 'GET', url: '/dashboard/no/such/page' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<div id="root">');

    const badModule = await t.app.inject({ method: 'GET', url: '/dashboard/lessons/module16' });
    expect(badModule.statusCode).toBe(404);
  });

  it('sends security headers with a real Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Browsers then send our real Origin on our own form posts (no-referrer would make it 'null').
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it('gives JSON answers the short API header set, and the API documentation page the full one', async () => {
    for (const url of ['/api/health', '/api/quizzes', '/api/no-such-endpoint']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.headers['content-type']).toContain('text/html');
    expect(String(docs.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('serves the OpenAPI description of the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/api/health');
  });
});
