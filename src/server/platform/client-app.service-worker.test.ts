import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fakeClientDir, type TestApp } from '../testing/test-app.ts';

// Decision 0016: the build puts the service worker at /sw.js; the server serves it as a static file.
// The relay's wire names (src/client/sw/relay-protocol.ts; the server does not import client code).
const RELAY_PREFIX = '/__indent-relay/';
const RELAY_HEADER = 'x-indent-relay';

describe('the service worker and its input relay', () => {
  let t: TestApp;
  const script = 'self.addEventListener("fetch", () => {});';
  beforeAll(async () => {
    const dir = fakeClientDir();
    writeFileSync(join(dir, 'sw.js'), script);
    t = await createTestApp({ env: { CLIENT_DIR: dir } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves /sw.js as JavaScript that is checked for updates on every visit', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(script);
  });

  it('lets the page register a same-origin service worker under its CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(String(res.headers['content-security-policy'])).toMatch(/worker-src 'self'/);
  });

  it('answers a relay request that reached it (no service worker yet) without the relay header', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${RELAY_PREFIX}input/abc` });
    expect(res.statusCode).toBe(404);
    expect(res.headers[RELAY_HEADER]).toBeUndefined();
  });
});
