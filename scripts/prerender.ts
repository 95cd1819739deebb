/*
 * Pre-renders every public page to static HTML after `vite build` (npm run build runs it), so visitors
 * and crawlers get real content before any script runs; main.tsx then hydrates it.
 *
 *   dist/client/<route>/index.html   each public page ('/' is dist/client/index.html)
 *   dist/client/404.html             the not-found page (the server sends it with status 404)
 *   dist/client/app-shell.html       the empty app for every other page
 *   dist/client/app-shell/<page>.html the empty app for a course page (dashboard, lesson, quiz, ...):
 *                                    it preloads that page's chunks and asks for its data at once
 *   dist/client/prerendered.json     the list of pre-rendered routes the server reads at start-up
 *   dist/client/robots.txt, sitemap.xml, and .br/.gz copies of every text file
 *
 * `tsx scripts/prerender.ts --out=<dir>` works on a client built into <dir> instead of dist/client.
 *
 * Canonical URLs, Open Graph URLs and the sitemap use PUBLIC_ORIGIN as it is at build time (default
 * https://indent.dev), since the HTML is made once for every visitor.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { build } from 'vite';
import type { PageMeta } from '../src/client/lib/page-title.ts';
import { EARLY_DATA_SCRIPT } from '../src/shared/early-data.ts';
import { escapeHtml } from '../src/shared/html.ts';
import { appBootBlock, type AppBoot } from '../src/shared/page-boot.ts';
import type { PageId } from '../src/shared/routes.ts';
import { THEME_BOOT_SCRIPT } from '../src/shared/theme.ts';
import type { RenderedPage } from '../src/client/entry-server.tsx';

const root = fileURLToPath(new URL('..', import.meta.url));
// `--out=<dir>` pre-renders a client built elsewhere (npm run perf:pages builds into its own folder).
const outArg = process.argv.find((arg) => arg.startsWith('--out='))?.slice('--out='.length);
const clientDir = path.resolve(outArg ?? path.join(root, 'dist/client'));
// The drawing bundle stays with the build: the server draws subscribers' lessons with it (decision
// 0023). Under .vite/, which the server never serves; inside the project, so it finds node_modules.
const ssrDir = path.join(clientDir, '.vite/page-render');
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

/**
 * The pages behind the route guard, by their id in src/shared/routes.ts: the app draws them in the
 * browser, so each gets a shell that preloads the chunks it needs (decision 0021).
 */
const COURSE_SHELLS: { page: PageId; module: string }[] = [
  { page: 'dashboard', module: 'features/courses/dashboard-page.tsx' },
  { page: 'lesson', module: 'features/courses/lesson-page.tsx' },
  { page: 'quiz', module: 'features/courses/quiz-page.tsx' },
  { page: 'review', module: 'features/courses/review-page.tsx' },
  { page: 'account-details', module: 'features/billing/account-details-page.tsx' },
];
/** The layout every course page sits in (TanStack Query). */
const COURSE_LAYOUT = 'app/query-layout.tsx';

const NOT_FOUND: PublicPage = {
  path: '/404-page-not-found',
  module: 'features/not-found/not-found-page.tsx',
  indexed: false,
};

type Manifest = Record<string, { file: string; name?: string; css?: string[]; imports?: string[] }>;

/** The module main.tsx starts the app with: every page preloads it (decision 0021). */
const APP_START = 'app/start.tsx';

/**
 * The JS chunks and CSS files some modules need at once (their static imports, not lazy ones), in
 * order: the app's start first, then each module given.
 */
function pageAssets(manifest: Manifest, ...keys: string[]): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [APP_START, ...keys]) visit(manifestKey(manifest, key));
  return { js: [...js], css: [...css] };
}

/**
 * The entry (main.tsx) must import nothing: a static import is fetched before the page's first
 * paint (decision 0021). A module of src/client/lib/ that matches vite.config.ts's core pattern
 * would pull the whole core chunk in with it, and no test of behaviour would notice.
 */
function assertEntryImportsNothing(manifest: Manifest): void {
  const imports = manifest['index.html']?.imports ?? [];
  if (imports.length > 0)
    throw new Error(
      `The entry (src/client/main.tsx) imports ${imports.join(', ')} before the first paint; ` +
        'keep what it imports out of the shared chunks (vite.config.ts, manualChunks).',
    );
}

/**
 * The built file of the app's start (a second entry of the build, see vite.config.ts). main.tsx
 * calls its startApp: a build that dropped the export would show every page without its app.
 */
function startFile(manifest: Manifest): string {
  const file = manifest[APP_START]?.file;
  if (!file) throw new Error(`${APP_START} is not in the Vite manifest: is it still an entry?`);
  if (!/export\s*\{[^}]*\bstartApp\b[^}]*\}/.test(readFileSync(path.join(clientDir, file), 'utf8')))
    throw new Error(
      `${file} does not export startApp: see preserveEntrySignatures in vite.config.ts`,
    );
  return file;
}

/**
 * A module's key in Vite's manifest. When Rollup merges a page with modules other chunks share, the
 * page has no entry of its own and lives in a shared chunk named after it ('_home-page-<hash>.js').
 */
function manifestKey(manifest: Manifest, key: string): string {
  if (manifest[key] !== undefined) return key;
  const name = path.basename(key).replace(/\.[^.]+$/, '');
  const found = Object.keys(manifest).find(
    (k) => k.startsWith('_') && k.endsWith('.js') && manifest[k]?.name === name,
  );
  if (!found) throw new Error(`${key} is not in the Vite manifest: is it still a route?`);
  return found;
}

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
  start: string,
): string {
  if (!rendered.meta) throw new Error(`${pagePath ?? '404'} did not call usePageTitle`);
  let html = template
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta\s+name="description"[\s\S]*?\/?>/, '')
    .replace('</head>', `${headTags(rendered.meta, pagePath)}\n  </head>`);
  const rootDiv = '<div id="root"></div>';
  if (!html.includes(rootDiv)) throw new Error('dist/client/index.html has no empty #root');
  html = html.replace(rootDiv, `<div id="root">${rendered.html}</div>`);
  return paintsFromItsHtml(html, assets, start);
}

/**
 * A page whose first paint needs its HTML alone: its styles inline, and its scripts asked for once
 * it has painted (decision 0021). Pre-rendered pages and the page the server draws lessons in.
 */
function paintsFromItsHtml(
  html: string,
  assets: { js: string[]; css: string[] },
  start: string,
): string {
  const styles = assetLinks(html, { js: [], css: assets.css });
  const styled = styles ? html.replace(/\n\s*<\/head>/, `\n${styles}\n  </head>`) : html;
  return scriptsAfterPaint(inlineStyles(styled), assets.js, start);
}

const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="\/([^"]+)">/g;

/**
 * A pre-rendered page is whole without its scripts (they only make it interactive), so nothing of
 * them competes with its first paint (decision 0021): the entry (main.tsx, a kilobyte with no
 * imports) comes at low priority, and the chunks this page needs are listed in its boot block, which
 * main.tsx preloads once the page has been painted.
 */
function scriptsAfterPaint(html: string, pageChunks: string[], start: string): string {
  const chunks = new Set<string>();
  const withoutPreloads = html.replace(MODULE_PRELOAD, (_link, file: string) => {
    chunks.add(file);
    return '';
  });
  for (const file of pageChunks) chunks.add(file);
  return withBoot(
    withoutPreloads.replace(
      /<script type="module" crossorigin src=/,
      '<script type="module" crossorigin fetchpriority="low" src=',
    ),
    { start: `/${start}`, chunks: [...chunks].map((file) => `/${file}`) },
  );
}

/** The page with its boot block, a JSON data block that is never run (so no CSP applies to it). */
function withBoot(html: string, boot: AppBoot): string {
  return html.replace(/\n\s*<\/head>/, () => `\n    ${appBootBlock(boot)}\n  </head>`);
}

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;

/**
 * A pre-rendered page carries its styles inline, so its first paint waits for the HTML alone, not
 * for a round trip per stylesheet (decision 0021; the styles are a few KB). Each stylesheet keeps a
 * `disabled` link, which browsers do not fetch: it only tells Vite's loader, which looks for that
 * link before adding a lazily loaded page's styles, that they are already on the page.
 */
function inlineStyles(html: string): string {
  return html.replace(STYLESHEET_LINK, (_link, file: string) => {
    const css = readFileSync(path.join(clientDir, file), 'utf8').trim();
    if (css.includes('</style')) throw new Error(`${file} cannot be inlined: it holds </style`);
    // Inline, a relative address would be read against the page's path instead of /assets/.
    if (/url\(\s*['"]?(?!data:|\/)/.test(css))
      throw new Error(`${file} cannot be inlined: it has a relative url()`);
    return `<style>${css}</style>\n    <link rel="stylesheet" crossorigin href="/${file}" disabled>`;
  });
}

/** Stylesheet and module preload tags for the files the template does not already load. */
function assetLinks(template: string, assets: { js: string[]; css: string[] }): string {
  return [
    ...assets.css
      .filter((file) => !template.includes(`/${file}"`))
      .map((file) => `    <link rel="stylesheet" crossorigin href="/${file}">`),
    ...assets.js
      .filter((file) => !template.includes(`/${file}"`))
      .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('\n');
}

/**
 * The empty app for pages that are not pre-rendered: the template with the early-data script after
 * the theme's boot script and, for a course page, its own chunks and styles preloaded.
 */
function composeShell(
  template: string,
  assets: { js: string[]; css: string[] },
  start: string,
): string {
  const themeScript = `<script>${THEME_BOOT_SCRIPT}</script>`;
  if (!template.includes(themeScript)) throw new Error('index.html lost the theme boot script');
  const links = assetLinks(template, assets);
  const shell = template
    .replace(themeScript, `${themeScript}\n    <script>${EARLY_DATA_SCRIPT}</script>`)
    .replace(/\n\s*<\/head>/, links ? `\n${links}\n  </head>` : '\n  </head>');
  // Nothing to paint first here: the chunks are preloaded by the links above, at once.
  return withBoot(shell, { start: `/${start}`, chunks: [] });
}

/**
 * The page the server fills with a subscriber's lesson (decision 0023, src/server/features/courses/
 * lesson.page.ts): like a pre-rendered page, styles inline and the scripts after the first paint.
 * The server writes the lesson into #root, its title into the head, and into the boot block the
 * user and the requests main.tsx starts after the paint (the lesson's data, to hydrate with).
 */
function composeDrawnLesson(template: string, manifest: Manifest, start: string): string {
  const lesson = COURSE_SHELLS.find((shell) => shell.page === 'lesson');
  if (!lesson) throw new Error('the lesson page has no shell');
  return paintsFromItsHtml(template, pageAssets(manifest, COURSE_LAYOUT, lesson.module), start);
}

/** Writes app-shell.html and one shell per course page (app-shell/<page>.html). */
async function writeShells(template: string, manifest: Manifest, start: string): Promise<void> {
  await writeFile(
    path.join(clientDir, 'app-shell.html'),
    composeShell(template, pageAssets(manifest), start),
  );
  await mkdir(path.join(clientDir, 'app-shell'), { recursive: true });
  for (const { page, module } of COURSE_SHELLS) {
    await writeFile(
      path.join(clientDir, 'app-shell', `${page}.html`),
      composeShell(template, pageAssets(manifest, COURSE_LAYOUT, module), start),
    );
  }
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
  // The untouched page template, kept where nothing serves it, so a second run (without a new vite
  // build) starts again from it rather than from a page or shell this script already filled in.
  const templateFile = path.join(clientDir, '.vite/index.template.html');
  const template = existsSync(templateFile)
    ? await readFile(templateFile, 'utf8')
    : await readFile(indexFile, 'utf8');
  await writeFile(templateFile, template);

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
  assertEntryImportsNothing(manifest);
  const start = startFile(manifest);

  const pages = await publicPages();
  for (const page of pages) {
    const rendered = await entry.renderPage(page.path);
    if (rendered.status !== 200)
      throw new Error(`${page.path} rendered with status ${rendered.status}`);
    const html = composePage(
      template,
      rendered,
      pageAssets(manifest, page.module),
      page.path,
      start,
    );
    const out = path.join(clientDir, page.path, 'index.html');
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, html);
  }
  const notFound = await entry.renderPage(NOT_FOUND.path);
  await writeFile(
    path.join(clientDir, '404.html'),
    composePage(template, notFound, pageAssets(manifest, NOT_FOUND.module), null, start),
  );
  await writeFile(
    path.join(clientDir, 'prerendered.json'),
    `${JSON.stringify({ routes: pages.map((p) => p.path) }, null, 2)}\n`,
  );
  await writeShells(template, manifest, start);
  await writeFile(path.join(ssrDir, 'lesson.html'), composeDrawnLesson(template, manifest, start));
  await writeFile(path.join(clientDir, 'sitemap.xml'), sitemap(pages));
  await writeFile(path.join(clientDir, 'robots.txt'), robots());
  await precompress(clientDir);
  console.log(`Pre-rendered ${pages.length} pages and the 404 page for ${origin}.`);
}

await main();
