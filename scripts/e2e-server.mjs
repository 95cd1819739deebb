// Starts the built app for the browser journeys: a fresh SQLite file, dev sign-in and demo checkout.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from './lib.mjs';

const dir = mkdtempSync(join(tmpdir(), 'indent-e2e-'));
const port = process.env.PORT ?? '3100';
const env = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
  DATABASE_URL: `file:${join(dir, 'e2e.db')}`,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  GOOGLE_CLIENT_ID: '',
  GOOGLE_CLIENT_SECRET: '',
  STRIPE_SECRET_KEY: '',
  STRIPE_WEBHOOK_SECRET: '',
  // e2e/journeys.ts's moveServerClock writes here (same name from the port).
  TEST_CLOCK_FILE: join(tmpdir(), `indent-e2e-clock-${port}`),
};
// e2e/journeys.ts's runAdmin reads it, so a journey can run `npm run admin` on this server's database
// (as the seller would on the same machine) instead of the server offering a way in over HTTP.
writeFileSync(join(tmpdir(), `indent-e2e-database-${port}`), env.DATABASE_URL);
process.exit(await run(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env }));
