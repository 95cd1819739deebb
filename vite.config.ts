import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { publicContent } from './scripts/vite-plugin-public-content.ts';
import { pyodidePlugin } from './scripts/vite-plugin-pyodide.ts';
import { serviceWorkerPlugin } from './scripts/vite-plugin-service-worker.ts';

const apiPort = process.env.API_PORT ?? '3001';
/**
 * Small app modules the first render of every page uses (see manualChunks below). Not
 * lib/early-clicks.ts: the entry imports it, and the entry must not import the core chunk
 * (scripts/prerender.ts refuses a build where it does).
 */
const coreModules =
  /\/src\/(client\/(app\/(router|providers|query-client-holder)\.tsx?|app\/layouts\/(site-layout|navbar)\.tsx|lib\/(?!early-clicks\.)[a-z-]+\.ts|features\/auth\/(auth-context|require-subscriber)\.tsx|components\/ui\/page-loader\.tsx)|shared\/(site|api\/user-name|api\/stored-user)\.ts)$/;

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [
    react(),
    publicContent({ contentDir: 'content' }),
    pyodidePlugin(),
    serviceWorkerPlugin(),
  ],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // scripts/prerender.ts reads it to link each pre-rendered page's CSS and preload its chunks.
    manifest: true,
    rollupOptions: {
      // The app starts from a second entry that main.tsx imports by its built address (read from the
      // page), not by a bundled import(): main.tsx then has no dependency at all, so a pre-rendered
      // page fetches nothing of the app before its first paint (decision 0021).
      input: { index: 'src/client/index.html', start: 'src/client/app/start.tsx' },
      // main.tsx calls the start entry's startApp by its built address: the export must survive
      // (Vite's default for apps lets Rollup drop an entry's exports, and with them the whole app).
      preserveEntrySignatures: 'exports-only',
      output: {
        // What every page needs at once (React, React DOM, the router and the app shell) goes in one
        // file: one request, compressed as a whole (the home page's JS budget is 110 KB gzip).
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'core';
          if (coreModules.test(id)) return 'core';
          return undefined;
        },
      },
    },
    reportCompressedSize: false,
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    // In development the API server runs beside Vite; pages come from Vite, API calls go through.
    proxy: {
      '/api': `http://localhost:${apiPort}`,
      '/create-checkout-session': `http://localhost:${apiPort}`,
    },
  },
});
