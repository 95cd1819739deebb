/*
 * npm run bench:checks: how many Checks per second the server can run itself (issues 21 and 30),
 * and their latency, with 10 Checks in flight at all times. Each is a real POST
 * /api/exercise-progress/:id/checks with the exercise's own solution, so every request runs the
 * whole check in the Pyodide pool and writes the code, the solved state and the version in one
 * transaction. Alongside, one client saves drafts, to show that a draft does not wait behind the
 * checks.
 *
 * The server runs in its own process on a throw-away SQLite database, with the pool size of
 * PYTHON_CHECK_WORKERS (default: one per core, at most 2). BENCH_SECONDS sets the length (default 20).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { loadCourseContent } from '#server/content/course-content.ts';
import { signIn, type BenchLearner } from './bench-learner.ts';
import { freePort, root } from './lib.mjs';

const CONCURRENCY = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);

/** Bench set-up only: the order a confirmed payment leaves, in the bench's throw-away database. */
function grantAccess(dbFile: string, userIds: string[]): void {
  const db = new Database(dbFile);
  const now = new Date();
  const insert = db.prepare(
    `insert into orders (id, user_id, provider, provider_session_id, payment_intent_id, status,
       amount_cents, currency, created_at, paid_at, access_ends_at, revoked_at, revoke_reason)
     values (?, ?, 'demo', ?, null, 'paid', 48900, 'usd', ?, ?, ?, null, null)`,
  );
  for (const userId of userIds) {
    insert.run(
      randomUUID(),
      userId,
      `bench_${randomUUID()}`,
      now.toISOString(),
      now.toISOString(),
      new Date(now.getTime() + 365 * 86_400_000).toISOString(),
    );
  }
  db.close();
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start within 30 s');
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function send(
  base: string,
  learner: BenchLearner,
  request: { method: 'PUT' | 'POST'; path: string; body: unknown },
) {
  return fetch(`${base}${request.path}`, {
    method: request.method,
    headers: {
      origin: base,
      'content-type': 'application/json',
      'x-forwarded-for': learner.address,
      cookie: learner.cookie,
    },
    body: JSON.stringify(request.body),
  });
}

const check = (base: string, learner: BenchLearner, exerciseId: string, code: string) =>
  send(base, learner, {
    method: 'POST',
    path: `/api/exercise-progress/${exerciseId}/checks`,
    body: { code, browserPassed: true },
  });

const saveDraft = (base: string, learner: BenchLearner, exerciseId: string, code: string) =>
  send(base, learner, {
    method: 'PUT',
    path: `/api/exercise-progress/${exerciseId}`,
    body: { code },
  });

/** Runs `jobs` with CONCURRENCY in flight until they run out or the time is up. */
async function checkLoad(
  base: string,
  jobs: { learner: BenchLearner; id: string; code: string }[],
) {
  const latencies: number[] = [];
  const failures = new Map<number, number>();
  const deadline = performance.now() + SECONDS * 1000;
  let next = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const job = jobs[next++];
      if (!job) return;
      const started = performance.now();
      const res = await check(base, job.learner, job.id, job.code);
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      if (res.status !== 200) failures.set(res.status, (failures.get(res.status) ?? 0) + 1);
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { latencies, failures, elapsed: (performance.now() - began) / 1000 };
}

/** One client saving drafts back to back while the Checks run. */
async function draftLoad(base: string, learner: BenchLearner, until: () => boolean) {
  const latencies: number[] = [];
  while (!until()) {
    const started = performance.now();
    const res = await saveDraft(base, learner, 'm01-e1-first-words', `print(${latencies.length})`);
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
  }
  return latencies;
}

const course = await loadCourseContent(join(root, 'content'));
const solutions = [...course.lessons.values()].flatMap((lesson) =>
  lesson.exercises.map((e) => ({ id: e.id, code: e.solution })),
);
const dir = mkdtempSync(join(tmpdir(), 'indent-bench-checks-'));
const dbFile = join(dir, 'bench.db');
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: base,
    DATABASE_URL: `file:${dbFile}`,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    MAIL_OFF: 'true',
  },
});
try {
  await waitForHealth(base, server);
  // Enough learners that the run never runs out of unsolved exercises (up to 300 checks/s).
  const learners = [];
  for (let n = 0; n < Math.max(12, Math.ceil((SECONDS * 300) / solutions.length) + 1); n++) {
    learners.push(await signIn(base, n));
  }
  grantAccess(
    dbFile,
    learners.map((l) => l.userId),
  );
  const drafter = learners[0];
  if (!drafter) throw new Error('no learner signed in');
  // Warm-up: the pool starts its interpreters on the first Checks.
  const warm = solutions.slice(0, 4).map((s) => ({ learner: drafter, ...s }));
  await checkLoad(base, warm);
  const jobs = learners
    .slice(1)
    .flatMap((learner) => solutions.map((s) => ({ learner, ...s })))
    .sort(() => Math.random() - 0.5);
  let done = false;
  const drafts = draftLoad(base, drafter, () => done);
  const checks = await checkLoad(base, jobs);
  done = true;
  const draftLatencies = (await drafts).sort((a, b) => a - b);
  const sorted = checks.latencies.sort((a, b) => a - b);
  const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
  console.log(
    `\nServer-side checks, ${CONCURRENCY} Checks in flight, ${checks.elapsed.toFixed(1)} s:`,
  );
  console.log(
    `  ${(sorted.length / checks.elapsed).toFixed(1)} checks/s (${sorted.length} checks)`,
  );
  console.log(
    `  latency p50 ${fmt(percentile(sorted, 50))}, p99 ${fmt(percentile(sorted, 99))}, max ${fmt(sorted.at(-1) ?? NaN)}`,
  );
  if (checks.failures.size > 0) {
    console.log(`  not 200: ${JSON.stringify(Object.fromEntries(checks.failures))}`);
  }
  console.log(
    `Draft saves alongside (${draftLatencies.length}): p50 ${fmt(percentile(draftLatencies, 50))}, p99 ${fmt(percentile(draftLatencies, 99))}`,
  );
  if (checks.failures.size > 0) process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
