import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { root } from '../lib.mjs';

/** The real server (src/server/main.ts) in a process of its own, as bench.ts starts it. */
export interface Server {
  base: string;
  /** The server's process id, for its CPU time. */
  pid: number | undefined;
  stop(): Promise<void>;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); NaN elsewhere. */
export function processCpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    // The command name (field 2) may hold spaces, so count from the closing parenthesis.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ is 100 on Linux
  } catch {
    return Number.NaN;
  }
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start within 60 s');
}

/** Starts a server process and waits until it answers GET /api/health. */
async function spawnServer(args: string[], env: NodeJS.ProcessEnv, base: string): Promise<Server> {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitForHealth(base, child);
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, stop, pid: child.pid };
}

export function startServer(options: {
  databaseUrl: string;
  port: number;
  mailDir: string;
}): Promise<Server> {
  const base = `http://127.0.0.1:${options.port}`;
  return spawnServer(
    ['--import', 'tsx', 'src/server/main.ts'],
    {
      NODE_ENV: 'test',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: base,
      DATABASE_URL: options.databaseUrl,
      // Request logging off: this measures the app, not the terminal.
      LOG_LEVEL: 'warn',
      // The development mail driver writes into the bench's own folder, removed at the end.
      MAIL_DEV_DIR: options.mailDir,
      GOOGLE_CLIENT_ID: '',
      GOOGLE_CLIENT_SECRET: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
    },
    base,
  );
}

const HELLO_WORLD = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.get('/api/health', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
`;

/**
 * A bare Fastify hello-world (as in bench.ts): no database, no work. Its p99 under the same load
 * is what the machine itself adds (scheduling, other processes), the floor under every figure.
 */
export function startYardstick(port: number): Promise<Server> {
  return spawnServer(
    ['--input-type=module', '--eval', HELLO_WORLD],
    { PORT: String(port) },
    `http://127.0.0.1:${port}`,
  );
}

export interface Request {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: string;
}

/** What one slice of load saw: each answered request's time in ms, and the requests that failed. */
export interface Sample {
  ms: number[];
  failures: number;
}

/**
 * `seconds` of requests at a fixed `rate` per second over a few connections: a modest load, so
 * what is measured is each request's own time, not a queue. Times come from autocannon's response
 * events, which keep fractions of a millisecond (its histogram rounds to whole ones).
 */
export async function load(
  server: Server,
  request: Request,
  options: { cookie: string; seconds: number; rate: number },
): Promise<Sample> {
  const sample: Sample = { ms: [], failures: 0 };
  const instance = autocannon({
    url: `${server.base}${request.path}`,
    method: request.method,
    headers: {
      cookie: options.cookie,
      origin: server.base,
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(request.body === undefined ? {} : { body: request.body }),
    connections: 4,
    pipelining: 1,
    overallRate: options.rate,
    duration: options.seconds,
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) sample.ms.push(ms);
    else sample.failures++;
  });
  const result = await instance;
  sample.failures += result.errors + result.timeouts;
  return sample;
}

/** The nearest-rank percentile (0 < q <= 1) of some times, in ms. */
export function percentile(ms: readonly number[], q: number): number {
  if (ms.length === 0) return Number.NaN;
  const sorted = [...ms].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}
