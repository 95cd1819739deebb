/*
 * Pre-renders every public page to static HTML after `vite build` (npm run build runs it), so visitors
 * and crawlers get real content before any script runs; main.tsx then hydrates it.
 *
 *   dist/client/<route>/index.html   each public page ('/' is dist/client/index.html)
 *   dist/client/404.html             the not-found page (the server sends it with status 404)
 *   dist/client/app-shell.html       the empty app for every other page (dashboard, lessons, ...)
 *   dist/client/prerendered.json     the list of pre-rendered routes the server reads at start-up
 *   dist/client/robots.txt, sitemap.xml, and .br/.gz copies of every text file
 *
 * `tsx scripts/prerender.ts --out=<dir>` works on a client built into <dir> instead of dist/client.
 *
 * Canonical URLs, Open Graph URLs and the sitemap use PUBLIC_ORIGIN as it is at build time (default
 * https://indent.dev), since the HTML is made once for every visitor.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { build } from 'vite';
import type { PageMeta } from '../src/client/lib/page-title.ts';
import type { RenderedPage } from '../src/client/entry-server.tsx';

const root = fileURLToPath(new URL('..', import.meta.url));
// `--out=<dir>` pre-renders a client built elsewhere (npm run perf:pages builds into its own folder).
const outArg = process.argv.find((arg) => arg.startsWith('--out='))?.slice('--out='.length);
const clientDir = path.resolve(outArg ?? path.join(root, 'dist/client'));
// Inside the project so the server bundle finds node_modules; per process so parallel builds don't clash.
const ssrDir = path.join(root, `dist/prerender-${process.pid}`);
export const DEFAULT_ORIGIN = 'https://indent.dev';
const origin = (process.env.PUBLIC_ORIGIN || DEFAULT_ORIGIN).replace(/\/+$/, '');

interface PublicPage {
  path: string;
  /** The page's module as Vite's manifest names it (relative to src/client): its CSS and chunks. */
  module: string;
  /** Listed in sitemap.xml. */
  indexed: boolean;
}

async function publicPages(): Promise<PublicPage[]> {
  const slugs = (await readdir(path.join(root, 'content/articles')))
    .filter((name) => name.endsWith('.md'))
    .map((name) => name.slice(0, -3))
    .sort();
  return [
    { path: '/', module: 'features/home/home-page.tsx', indexed: true },
    { path: '/pricing', module: 'features/billing/pricing-page.tsx', indexed: true },
    { path: '/login', module: 'features/auth/login-page.tsx', indexed: false },
    { path: '/privacy', module: 'features/legal/privacy-page.tsx', indexed: true },
    { path: '/terms-and-conditions', module: 'features/legal/terms-page.tsx', indexed: true },
    { path: '/articles', module: 'features/articles/articles-page.tsx', indexed: true },
    ...slugs.map((slug) => ({
      path: `/article/${slug}`,
      module: 'features/articles/article-page.tsx',
      indexed: true,
    })),
  ];
}

const NOT_FOUND: PublicPage = {
  path: '/404-page-not-found',
  module: 'features/not-found/not-found-page.tsx',
  indexed: false,
};

type Manifest = Record<string, { file: string; name?: string; css?: string[]; imports?: string[] }>;

/** The JS chunks and CSS files a page module needs at once (its static imports, not lazy ones). */
function pageAssets(manifest: Manifest, key: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  // When Rollup merges a page with modules other chunks share, the page has no entry of its own
  // and lives in a shared chunk named after it ('_home-page-<hash>.js').
  const name = path.basename(key).replace(/\.[^.]+$/, '');
  const found =
    manifest[key] !== undefined
      ? key
      : Object.keys(manifest).find(
          (k) => k.startsWith('_') && k.endsWith('.js') && manifest[k]?.name === name,
        );
  if (!found) throw new Error(`${key} is not in the Vite manifest: is it still a route?`);
  visit(found);
  return { js: [...js], css: [...css] };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function canonicalUrl(pagePath: string): string {
  return `${origin}${pagePath === '/' ? '/' : pagePath.replace(/\/+$/, '')}`;
}

function headTags(meta: PageMeta, pagePath: string | null): string {
  const url = pagePath === null ? null : canonicalUrl(pagePath);
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    ...(url
      ? [`<link rel="canonical" href="${url}" />`]
      : [`<meta name="robots" content="noindex" />`]),
    `<meta property="og:site_name" content="Indent" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    ...(url ? [`<meta property="og:url" content="${url}" />`] : []),
    `<meta name="twitter:card" content="summary" />`,
  ];
  return tags.map((tag) => `    ${tag}`).join('\n');
}

function composePage(
  template: string,
  rendered: RenderedPage,
  assets: { js: string[]; css: string[] },
  pagePath: string | null,
): string {
  if (!rendered.meta) throw new Error(`${pagePath ?? '404'} did not call usePageTitle`);
  const links = [
    ...assets.css
      .filter((file) => !template.includes(`/${file}"`))
      .map((file) => `    <link rel="stylesheet" crossorigin href="/${file}">`),
    ...assets.js
      .filter((file) => !template.includes(`/${file}"`))
      .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('\n');
  let html = template
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta\s+name="description"[\s\S]*?\/?>/, '')
    .replace('</head>', `${headTags(rendered.meta, pagePath)}\n${links}\n  </head>`);
  const rootDiv = '<div id="root"></div>';
  if (!html.includes(rootDiv)) throw new Error('dist/client/index.html has no empty #root');
  html = html.replace(rootDiv, `<div id="root">${rendered.html}</div>`);
  return html;
}

function sitemap(pages: PublicPage[]): string {
  const urls = pages
    .filter((page) => page.indexed)
    .map((page) => `  <url><loc>${canonicalUrl(page.path)}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

function robots(): string {
  return [
    'User-agent: *',
    'Allow: /',
    // Pages behind sign-in or a purchase hold nothing for a search engine.
    'Disallow: /dashboard',
    'Disallow: /account-details',
    'Disallow: /payment-success',
    'Disallow: /dev-login',
    'Disallow: /dev-mail',
    'Disallow: /demo-checkout',
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

const COMPRESSIBLE = /\.(html|js|css|svg|xml|txt|json|map|webmanifest)$/;

/** Writes .br and .gz beside each text file; the server sends them to browsers that accept them. */
async function precompress(dir: string): Promise<void> {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') await precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name) || entry.name.endsWith('.map')) continue;
    const info = await stat(file);
    if (info.size < 1024) continue;
    // Another build step may have compressed it already (the Python runtime's plugin does).
    const br = await stat(`${file}.br`).catch(() => null);
    if (br && br.mtimeMs >= info.mtimeMs && existsSync(`${file}.gz`)) continue;
    const data = await readFile(file);
    await writeFile(
      `${file}.br`,
      await brotli(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    await writeFile(`${file}.gz`, await gz(data, { level: 9 }));
  }
}

async function main() {
  const indexFile = path.join(clientDir, 'index.html');
  if (!existsSync(indexFile))
    throw new Error('Run `vite build` first: dist/client/index.html is missing.');
  const shellFile = path.join(clientDir, 'app-shell.html');
  // A second run (without a new vite build) starts again from the untouched shell.
  const template = existsSync(shellFile)
    ? await readFile(shellFile, 'utf8')
    : await readFile(indexFile, 'utf8');
  await writeFile(shellFile, template);

  await build({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: path.join(root, 'src/client/entry-server.tsx'),
      outDir: ssrDir,
      emptyOutDir: true,
      manifest: false,
      sourcemap: false,
      copyPublicDir: false,
    },
  });
  const entry = (await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href)) as {
    renderPage(path: string): Promise<RenderedPage>;
  };
  const manifest = JSON.parse(
    await readFile(path.join(clientDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;

  const pages = await publicPages();
  for (const page of pages) {
    const rendered = await entry.renderPage(page.path);
    if (rendered.status !== 200)
      throw new Error(`${page.path} rendered with status ${rendered.status}`);
    const html = composePage(template, rendered, pageAssets(manifest, page.module), page.path);
    const out = path.join(clientDir, page.path, 'index.html');
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, html);
  }
  const notFound = await entry.renderPage(NOT_FOUND.path);
  await writeFile(
    path.join(clientDir, '404.html'),
    composePage(template, notFound, pageAssets(manifest, NOT_FOUND.module), null),
  );
  await writeFile(
    path.join(clientDir, 'prerendered.json'),
    `${JSON.stringify({ routes: pages.map((p) => p.path) }, null, 2)}\n`,
  );
  await writeFile(path.join(clientDir, 'sitemap.xml'), sitemap(pages));
  await writeFile(path.join(clientDir, 'robots.txt'), robots());
  await rm(ssrDir, { recursive: true, force: true });
  await precompress(clientDir);
  console.log(`Pre-rendered ${pages.length} pages and the 404 page for ${origin}.`);
}

await main();
