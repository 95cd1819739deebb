// Small helpers shared by the npm scripts. Plain ESM JavaScript so that they run before anything is built.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root, ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** The newest modification time of any file below the given paths. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
    } else if (stat.mtimeMs > newest) newest = stat.mtimeMs;
  };
  for (const path of paths) visit(join(root, path));
  return newest;
}

/** Whether the built client is missing or older than its sources. */
export function clientBuildIsStale() {
  const built = join(root, 'dist/client/index.html');
  if (!existsSync(built)) return true;
  const sources = newestMtime([
    'src/client',
    'src/shared',
    'content',
    'vite.config.ts',
    'package.json',
    'scripts/prerender.ts',
    'scripts/vite-plugin-public-content.ts',
  ]);
  return sources > statSync(built).mtimeMs;
}

/** A TCP port that is free right now on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';

/** ARCHITECTURE.md's flags for Debian's Chromium: headless, and no calls to Google's services. */
export const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumMissingMessage() {
  return `Chromium was not found at ${chromePath}: install it (on Debian: apt-get install -y chromium) or set CHROME_PATH to a Chromium or Chrome binary.`;
}
