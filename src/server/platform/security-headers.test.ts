import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { EARLY_DATA_SCRIPT } from '#shared/early-data.ts';
import { THEME_BOOT_SCRIPT } from '#shared/theme.ts';
import { registerSecurityHeaders } from './security-headers.ts';

const indexHtml = readFileSync(new URL('../../client/index.html', import.meta.url), 'utf8');

/** The text of every inline (src-less) script in the page template. */
const inlineScripts = [
  ...indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g),
].map((match) => match[1] ?? '');

describe('the Content-Security-Policy and the theme boot script (decision 0018)', () => {
  it('the page template holds exactly the shared boot script, and no other inline script', () => {
    expect(inlineScripts).toEqual([THEME_BOOT_SCRIPT]);
  });

  it("allows that script by its hash and never allows 'unsafe-inline' scripts", async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { production: true });
    app.get('/', async () => 'page');
    const res = await app.inject({ method: 'GET', url: '/' });
    const scriptSrc =
      String(res.headers['content-security-policy'])
        .split(';')
        .find((directive) => directive.trim().startsWith('script-src')) ?? '';
    const hash = createHash('sha256')
      .update(inlineScripts[0] ?? '')
      .digest('base64');
    expect(scriptSrc).toContain(`'sha256-${hash}'`);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    await app.close();
  });

  it("allows the app shell's early data script by its hash too (decision 0021)", async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { production: true });
    app.get('/', async () => 'page');
    const res = await app.inject({ method: 'GET', url: '/' });
    const hash = createHash('sha256').update(EARLY_DATA_SCRIPT).digest('base64');
    expect(String(res.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
    await app.close();
  });
});
