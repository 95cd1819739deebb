import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fakeClientDir, type TestApp } from '../testing/test-app.ts';

// A build as scripts/prerender.ts leaves it: index.html is the home page, app-shell.html the empty app.
function prerenderedClientDir(): string {
  const dir = fakeClientDir();
  const page = (path: string, body: string) => {
    mkdirSync(join(dir, path), { recursive: true });
    const html = `<!doctype html><title>${body}</title><div id="root"><h1>${body}</h1></div>`;
    writeFileSync(join(dir, path, 'index.html'), html);
    return html;
  };
  page('.', 'Home page');
  page('pricing', 'Pricing page');
  const article = page('article/should-i-learn-to-code', 'Should I learn to code');
  writeFileSync(
    join(dir, 'article/should-i-learn-to-code/index.html.br'),
    brotliCompressSync(Buffer.from(article)),
  );
  writeFileSync(
    join(dir, 'app-shell.html'),
    '<!doctype html><title>Shell</title><div id="root"></div>',
  );
  // Course pages' own shells (decision 0021).
  mkdirSync(join(dir, 'app-shell'));
  writeFileSync(
    join(dir, 'app-shell/lesson.html'),
    '<!doctype html><title>Lesson shell</title><div id="root"></div>',
  );
  writeFileSync(
    join(dir, '404.html'),
    '<!doctype html><title>Missing</title><div id="root"><h1>Not found</h1></div>',
  );
  writeFileSync(
    join(dir, 'prerendered.json'),
    JSON.stringify({ routes: ['/', '/pricing', '/article/should-i-learn-to-code'] }),
  );
  return dir;
}

describe('serving pre-rendered pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CLIENT_DIR: prerenderedClientDir() } });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('answers a pre-rendered route with its own HTML, not cached', async () => {
    const home = await get('/');
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toMatch(/^text\/html/);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.body).toContain('<h1>Home page</h1>');

    for (const url of ['/pricing', '/pricing/', '/pricing?ref=ad']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<h1>Pricing page</h1>');
    }
  });

  it('sends the compressed copy to browsers that accept it', async () => {
    const res = await get('/article/should-i-learn-to-code', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('Should I learn to code');
  });

  it('answers other app pages with the empty app shell', async () => {
    const res = await get('/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Shell</title>');
    expect(res.body).not.toContain('Home page');
  });

  it('answers a course page with its own shell where the build made one', async () => {
    for (const url of ['/dashboard/lessons/module3', '/dashboard/lessons/module15/']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<title>Lesson shell</title>');
    }
    const missing = await get('/dashboard/lessons/module16');
    expect(missing.statusCode).toBe(404);
  });

  it('answers unknown paths and unknown articles with the not-found page and status 404', async () => {
    for (const url of ['/no-such-page', '/article/no-such-article', '/dashboard/x/y']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<h1>Not found</h1>');
    }
  });

  it('does not serve pre-rendered files for paths outside the list', async () => {
    const res = await get('/pricing/../app-shell.html');
    expect(res.body).not.toContain('Pricing page');
  });

  it('still answers unknown API paths with JSON', async () => {
    const res = await get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});
