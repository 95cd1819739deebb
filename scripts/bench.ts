/*
 * npm run bench: throughput and latency of the quiz endpoints (issue 5), measured with autocannon on
 * loopback against the real server (src/server/main.ts) on a fresh SQLite file, with a bare Fastify
 * hello-world started in the same run as the yardstick. Each endpoint runs BENCH_SECONDS (10 s).
 *
 * Budget: GET /api/quizzes >= 0.5 x hello-world, POST /api/submit-quiz >= 0.25 x, p99 < 25 ms;
 * issue 20's review queue (with questions due) and course search: p99 < 20 ms.
 * Exits 1 when a budget is missed, so it can gate a release; it is never part of `npm test`.
 *
 * BENCH_FLOOR=1 also measures scripts/bench-floor-server.ts: the same submission done by a bare
 * Fastify server with better-sqlite3 and nothing else, the most the real endpoint can reach here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { freePort, root } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const FLOOR = process.env.BENCH_FLOOR === '1';
const FLOOR_NAME = '  floor: bare Fastify + SQLite';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const P99_BUDGET_MS = 25;
/** Issue 20 asks the review and search endpoints for a tighter p99. */
const P99_BUDGETS: Record<string, number> = {
  'GET /api/user/:userId/review': 20,
  'GET /api/search?q=dictionary': 20,
};

interface Measure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  failures: number;
  /** Share of one core the server used, and its CPU time per answered request. */
  serverCpu: number;
  cpuPerRequestUs: number;
  /** Share of one core autocannon (this process) used: near 1 means the load, not the server, was the limit. */
  loadCpu: number;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    // The command name (field 2) may hold spaces, so count from the closing parenthesis.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return ticks / 100; // USER_HZ is 100 on Linux
  } catch {
    return Number.NaN;
  }
}

async function measure(
  name: string,
  server: ChildProcess,
  options: {
    url: string;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
  },
): Promise<Measure> {
  process.stdout.write(`  ${name} ... `);
  const serverBefore = cpuSeconds(server.pid);
  const loadBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  const result = await autocannon({
    ...options,
    connections: CONNECTIONS,
    duration: SECONDS,
    pipelining: 1,
  });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  const serverUsed = cpuSeconds(server.pid) - serverBefore;
  const loadUsed = process.cpuUsage(loadBefore);
  const failures = result.errors + result.timeouts + result.non2xx;
  const m = {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures,
    serverCpu: serverUsed / elapsed,
    cpuPerRequestUs: (serverUsed / Math.max(1, result.requests.total)) * 1e6,
    loadCpu: (loadUsed.user + loadUsed.system) / 1e6 / elapsed,
  };
  console.log(`${Math.round(m.rps)} req/s`);
  return m;
}

const HELLO_WORLD = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
`;

function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  return waitFor(`${base}/api/health`, child);
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start within 20 s');
}

/** A cookie jar of one: the session cookie the server sets. */
function cookiesOf(res: Response, jar: Map<string, string>): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, ...value] = (pair ?? '').split('=');
    if (name) jar.set(name.trim(), value.join('='));
  }
}

/**
 * Bench set-up only: makes every question in the learner's review queue due now, so the review
 * endpoint is measured with questions to send (a missed question is otherwise due a day later).
 */
function makeReviewDue(dbFile: string): number {
  const db = new Database(dbFile);
  const { changes } = db
    .prepare(`update review_items set due_at = '2000-01-01T00:00:00.000Z'`)
    .run();
  db.close();
  return changes;
}

/** Signs in through the development provider, exactly as the browser does. */
async function signIn(base: string) {
  const jar = new Map<string, string>();
  const headers = () => ({
    origin: base,
    'content-type': 'application/json',
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
  });
  const start = await fetch(`${base}/api/auth/start`, {
    method: 'POST',
    headers: headers(),
    body: '{}',
  });
  cookiesOf(start, jar);
  const { url } = (await start.json()) as { url: string };
  const state = new URL(url, base).searchParams.get('state') ?? '';
  const consent = await fetch(`${base}/api/dev-login`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ state, name: 'Bench Mark', email: 'bench@example.com' }),
  });
  const back = new URL(((await consent.json()) as { redirect: string }).redirect, base);
  const exchange = await fetch(`${base}/api/exchange-code`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    }),
  });
  if (!exchange.ok) throw new Error(`sign-in failed: ${exchange.status}`);
  cookiesOf(exchange, jar);
  const { user } = (await exchange.json()) as { user: { _id: string } };
  return { userId: user._id, cookie: headers().cookie };
}

/**
 * Bench set-up only: the order row a confirmed payment leaves behind, written straight into the
 * benchmark's own throw-away database (the app has no path that grants access without payment).
 */
function grantAccess(dbFile: string, userId: string): void {
  const db = new Database(dbFile);
  const now = new Date();
  db.prepare(
    `insert into orders (id, user_id, provider, provider_session_id, payment_intent_id, status,
       amount_cents, currency, created_at, paid_at, access_ends_at, revoked_at, revoke_reason)
     values (?, ?, 'demo', ?, null, 'paid', 48900, 'usd', ?, ?, ?, null, null)`,
  ).run(
    randomUUID(),
    userId,
    `bench_${randomUUID()}`,
    now.toISOString(),
    now.toISOString(),
    new Date(now.getTime() + 365 * 86_400_000).toISOString(),
  );
  db.close();
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'indent-bench-'));
  const dbFile = join(dir, 'bench.db');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the app server there, for finding hot spots.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const server = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: base,
      DATABASE_URL: `file:${dbFile}`,
      // Request logging off: this measures the app, not the terminal.
      LOG_LEVEL: 'warn',
      GOOGLE_CLIENT_ID: '',
      GOOGLE_CLIENT_SECRET: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });

  // The yardstick runs in its own process, like the app, so neither shares a thread with autocannon.
  const helloPort = await freePort();
  const hello = spawn(process.execPath, ['--input-type=module', '--eval', HELLO_WORLD], {
    cwd: root,
    env: { ...process.env, PORT: String(helloPort) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });

  let floor: ChildProcess | undefined;
  try {
    await waitForHealth(base, server);
    await waitFor(`http://127.0.0.1:${helloPort}/`, hello);
    const { userId, cookie } = await signIn(base);
    grantAccess(dbFile, userId);
    const headers = { cookie, origin: base };

    const quizzes = (await (await fetch(`${base}/api/quizzes`, { headers })).json()) as {
      _id: string;
      title: string;
    }[];
    const quiz = quizzes[0];
    if (!quiz) throw new Error('GET /api/quizzes returned no quiz (is the session subscribed?)');
    const full = (await (
      await fetch(`${base}/api/quiz-by-title/${encodeURIComponent(quiz.title)}`, { headers })
    ).json()) as { questions: { answers: { text: string }[] }[] };
    const answers = full.questions.map((q) => q.answers[0]?.text ?? '');
    const body = JSON.stringify({ userId, quizId: quiz._id, answers });
    const submit = {
      method: 'POST' as const,
      headers: { ...headers, 'content-type': 'application/json' },
      body,
    };

    // One submission with the first answer everywhere misses some questions: they fill the queue.
    const seeded = await fetch(`${base}/api/submit-quiz`, submit);
    if (!seeded.ok) throw new Error(`POST /api/submit-quiz failed: ${seeded.status}`);
    const due = makeReviewDue(dbFile);
    if (due === 0) throw new Error('the seeding submission missed no question; nothing to review');

    let floorUrl: string | undefined;
    if (FLOOR) {
      // The floor server answers with the app's own reply, on a copy of the app's database.
      const sample = await fetch(`${base}/api/submit-quiz`, submit);
      if (!sample.ok) throw new Error(`POST /api/submit-quiz failed: ${sample.status}`);
      const replyFile = join(dir, 'reply.json');
      writeFileSync(replyFile, Buffer.from(await sample.arrayBuffer()));
      const floorDb = join(dir, 'floor.db');
      const source = new Database(dbFile, { readonly: true });
      await source.backup(floorDb);
      source.close();
      const floorPort = await freePort();
      floor = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-floor-server.ts'], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(floorPort),
          FLOOR_DB: floorDb,
          FLOOR_REPLY: replyFile,
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      floorUrl = `http://127.0.0.1:${floorPort}/`;
      await waitFor(`${floorUrl}ready`, floor);
    }

    console.log(
      `Benchmark: ${SECONDS} s per endpoint, ${CONNECTIONS} connections, loopback, SQLite (${process.version})`,
    );
    // Warm-up, so the first measured endpoint does not pay for JIT compilation alone.
    await autocannon({
      url: `${base}/api/quizzes`,
      headers,
      connections: CONNECTIONS,
      duration: 2,
    });
    await autocannon({
      url: `http://127.0.0.1:${helloPort}/`,
      connections: CONNECTIONS,
      duration: 2,
    });

    const reference = await measure('hello-world (bare Fastify)', hello, {
      url: `http://127.0.0.1:${helloPort}/`,
    });
    const results = [
      await measure('GET /api/quizzes', server, { url: `${base}/api/quizzes`, headers }),
      await measure('GET /api/quiz-by-title/:title', server, {
        url: `${base}/api/quiz-by-title/${encodeURIComponent(quiz.title)}`,
        headers,
      }),
      await measure('POST /api/submit-quiz', server, {
        url: `${base}/api/submit-quiz`,
        ...submit,
      }),
      await measure('GET /api/user/:userId/review', server, {
        url: `${base}/api/user/${userId}/review`,
        headers,
      }),
      await measure('GET /api/search?q=dictionary', server, {
        url: `${base}/api/search?q=dictionary`,
        headers,
      }),
    ];
    if (floor && floorUrl) {
      results.push(await measure(FLOOR_NAME, floor, { url: floorUrl, ...submit }));
    }

    const budgets: Record<string, number> = {
      'GET /api/quizzes': 0.5,
      'POST /api/submit-quiz': 0.25,
    };
    const rows = [reference, ...results].map((m) => {
      const ratio = m.rps / reference.rps;
      const min = budgets[m.name];
      // The yardsticks (hello-world, and the floor) have no budget of their own.
      const yardstick = m === reference || m.name === FLOOR_NAME;
      const ok =
        m.failures === 0 &&
        (yardstick || m.p99 < (P99_BUDGETS[m.name] ?? P99_BUDGET_MS)) &&
        (min === undefined || ratio >= min);
      return { ...m, ratio, min, ok };
    });
    console.log('');
    console.log(
      `${'endpoint'.padEnd(32)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'x hello'.padStart(9)}${'budget'.padStart(9)}  result`,
    );
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(32)}${Math.round(r.rps).toString().padStart(9)}${r.p50.toFixed(1).padStart(9)}${r.p99.toFixed(1).padStart(9)}${r.ratio.toFixed(2).padStart(9)}${(r.min === undefined ? '' : `>=${r.min}`).padStart(9)}  ${r.ok ? 'ok' : `MISSED${r.failures ? ` (${r.failures} failed requests)` : ''}`}`,
      );
    }
    console.log(
      `(p99 budget: under ${P99_BUDGET_MS} ms for every endpoint; under 20 ms for review and search)`,
    );
    // Where the time went: a server near 100% of a core is the limit; autocannon near 100% means
    // the load generator was, and the ratio understates the server.
    console.log('');
    console.log(
      `${'endpoint'.padEnd(32)}${'server CPU'.padStart(11)}${'us/request'.padStart(12)}${'load CPU'.padStart(10)}`,
    );
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(32)}${`${Math.round(r.serverCpu * 100)}%`.padStart(11)}${r.cpuPerRequestUs.toFixed(1).padStart(12)}${`${Math.round(r.loadCpu * 100)}%`.padStart(10)}`,
      );
    }
    const missed = rows.filter((r) => !r.ok);
    if (missed.length > 0) {
      console.error(`\nnpm run bench: budget missed by ${missed.map((r) => r.name).join(', ')}.`);
      process.exitCode = 1;
    } else {
      console.log('\nnpm run bench: every budget met.');
    }
  } finally {
    for (const child of [hello, server, floor]) {
      if (!child || child.exitCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
