import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageAt } from '#shared/routes.ts';
import { errorBody } from './errors.ts';

/**
 * Serves the built client: hashed assets cached for a year, HTML never cached, and every page path
 * answered with the app (status 404 for paths that are no page, so crawlers see the truth while the
 * app shows its friendly not-found page). Unknown API paths get a JSON 404.
 */
export async function registerClientApp(app: FastifyInstance, options: { clientDir: string }) {
  const root = resolve(options.clientDir);
  const indexFile = join(root, 'index.html');
  const built = existsSync(indexFile);
  // scripts/prerender.ts leaves the empty app in app-shell.html (index.html is then the home page),
  // the pre-rendered routes in prerendered.json and the not-found page in 404.html.
  const shellFile = existsSync(join(root, 'app-shell.html'))
    ? join(root, 'app-shell.html')
    : indexFile;
  // Read once: the built files do not change while the server runs.
  const indexHtml = built ? readFileSync(shellFile, 'utf8') : null;
  const pageShells = readPageShells(root);
  const prerendered = readPrerendered(root);
  const notFoundPage = existsSync(join(root, '404.html'));

  if (built) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: false,
      preCompressed: true,
      // Otherwise `send` overwrites the Cache-Control that setHeaders chose with max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Hashed assets, and the Python runtime under its versioned path, never change.
        if (filePath.includes(join(root, 'assets')) || filePath.includes(join(root, 'pyodide'))) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('Cache-Control', 'no-cache');
        }
      },
    });
  }

  const sendApp = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const page = path === '/' ? '/' : path.replace(/\/+$/, '');
    // Pre-rendered HTML (compressed copies beside it); only known article slugs are pages.
    if (prerendered?.has(page)) {
      return reply.header('Cache-Control', 'no-cache').sendFile(join(page, 'index.html').slice(1));
    }
    const isArticle = page.startsWith('/article/');
    const route = pageAt(path);
    const status = route && !(prerendered && isArticle) ? 200 : 404;
    if (status === 404 && notFoundPage) {
      return reply.status(404).header('Cache-Control', 'no-cache').sendFile('404.html');
    }
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send(
          'The client app has not been built yet: run `npm run build` (npm start does it for you).',
        );
    }
    return reply
      .status(status)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send((route && pageShells.get(route.page)) ?? indexHtml);
  };

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply
        .status(404)
        .send(
          errorBody(
            'not_found',
            `There is no ${request.method} ${path} endpoint. See /api/docs for the API.`,
          ),
        );
    }
    return sendApp(request, reply);
  });
}

/**
 * The shells scripts/prerender.ts wrote for the course pages (app-shell/<page id>.html): the same app,
 * with that page's chunks preloaded (decision 0021). A page without one gets the plain shell.
 */
function readPageShells(root: string): Map<string, string> {
  const dir = join(root, 'app-shell');
  const shells = new Map<string, string>();
  if (!existsSync(dir)) return shells;
  for (const file of readdirSync(dir)) {
    if (file.endsWith('.html'))
      shells.set(file.slice(0, -'.html'.length), readFileSync(join(dir, file), 'utf8'));
  }
  return shells;
}

/** The routes scripts/prerender.ts wrote as static HTML, or null for a build without them. */
function readPrerendered(root: string): Set<string> | null {
  const file = join(root, 'prerendered.json');
  if (!existsSync(file)) return null;
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const routes = (parsed as { routes?: unknown } | null)?.routes;
  if (!Array.isArray(routes) || !routes.every((r) => typeof r === 'string' && r.startsWith('/'))) {
    throw new Error(`${file} is not a list of routes: run \`npm run build\` again.`);
  }
  return new Set(routes);
}
