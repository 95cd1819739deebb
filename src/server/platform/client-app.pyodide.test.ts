import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fakeClientDir, type TestApp } from '../testing/test-app.ts';

// The build copies the Python runtime to /pyodide/<version>/ with .gz and .br copies beside it.
describe('the self-hosted Python runtime', () => {
  let t: TestApp;
  const wasm = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, ...Array(64).fill(0)]);
  beforeAll(async () => {
    const dir = fakeClientDir();
    const runtime = join(dir, 'pyodide', '0.29.5');
    mkdirSync(runtime, { recursive: true });
    writeFileSync(join(runtime, 'pyodide.asm.wasm'), wasm);
    writeFileSync(join(runtime, 'pyodide.asm.wasm.br'), brotliCompressSync(wasm));
    writeFileSync(join(runtime, 'pyodide.asm.wasm.gz'), gzipSync(wasm));
    t = await createTestApp({ env: { CLIENT_DIR: dir } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves .wasm as application/wasm, pre-compressed, cached as immutable', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/pyodide/0.29.5/pyodide.asm.wasm',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/wasm');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await t.app.inject({
      method: 'GET',
      url: '/pyodide/0.29.5/pyodide.asm.wasm',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await t.app.inject({ method: 'GET', url: '/pyodide/0.29.5/pyodide.asm.wasm' });
    expect(plain.rawPayload.equals(wasm)).toBe(true);
  });

  it('allows WebAssembly compilation and same-origin workers in the CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).toMatch(/worker-src 'self'/);
  });
});
