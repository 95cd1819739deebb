/*
 * Builds the service worker (src/client/sw.ts) to /sw.js at the root of the client build: a fixed
 * name, so the browser finds updates by comparing bytes, and at the root, so its scope can be the
 * whole site (a worker script's default scope is its own folder). One classic script with nothing
 * imported at run time, since module service workers are not supported everywhere. In development
 * Vite serves the TypeScript module itself, registered as a module worker (decision 0016).
 */
import { resolve } from 'node:path';
import { build, type Plugin } from 'vite';

const ENTRY = 'src/client/sw.ts';

export function serviceWorkerPlugin(): Plugin {
  let outDir = '';
  let root = '';
  let ssr = false;
  return {
    name: 'indent-service-worker',
    configResolved(config) {
      root = resolve(config.root, '../..');
      outDir = resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    configureServer(server) {
      // The module lives under /src/client/, so it needs this header to control the whole site.
      server.middlewares.use((req, res, next) => {
        if ((req.url ?? '').split('?')[0] === '/sw.ts')
          res.setHeader('Service-Worker-Allowed', '/');
        next();
      });
    },
    async closeBundle() {
      if (!outDir || ssr) return;
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        publicDir: false,
        build: {
          outDir,
          emptyOutDir: false,
          target: 'es2022',
          minify: true,
          sourcemap: false,
          copyPublicDir: false,
          reportCompressedSize: false,
          lib: {
            entry: resolve(root, ENTRY),
            formats: ['iife'],
            name: 'indentServiceWorker',
            fileName: () => 'sw.js',
          },
        },
      });
    },
  };
}
