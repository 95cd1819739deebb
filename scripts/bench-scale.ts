/*
 * npm run bench:scale (issue 24): do the signed-in pages stay as fast on a database a hundred
 * thousand learners have used for years as on an empty one?
 *
 * For SQLite, and for PostgreSQL when TEST_DATABASE_URL is set (in a database of its own beside
 * that one, dropped at the end), the bench fills a database with 100,000 learners, 200,000 orders,
 * 5 million quiz attempts, about 3 million saved exercises and as many kept Checks, with their
 * review queues, study days, sessions and receipts (scripts/bench-scale/: who the learners are,
 * and how the rows are written in bulk). The measured learner is one of them, with the whole course
 * done; the empty database holds that learner's rows alone. Both run the real server
 * (src/server/main.ts) at once, and every signed-in call of the dashboard, module 3's lesson and a
 * quiz page is measured on both at a fixed modest rate, in alternating slices so that whatever
 * else the machine does falls on both alike. Then the keeping-periods job runs once on the full
 * database, and the plans of the slowest statements behind the slowest endpoints are printed.
 *
 * Budgets: every endpoint's p99 at most twice the empty database's and under 20 ms; the job under
 * 60 s. Exits 1 when one is missed. BENCH_SCALE=0.01 fills a hundredth for a quick try;
 * BENCH_SECONDS (per endpoint and database), BENCH_RATE (requests per second) and
 * BENCH_ENGINES=sqlite|postgres change what is run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCourseContent, type CourseContent } from '#server/content/course-content.ts';
import { courseFacts, type CourseFacts } from './bench-scale/course.ts';
import { postgresDatabase, sqliteDatabase, type BenchDatabase } from './bench-scale/databases.ts';
import { endpoints, type Endpoint } from './bench-scale/endpoints.ts';
import { fillRows } from './bench-scale/fill.ts';
import { inProcessApp, signIn, type LoggedQuery, type SignedIn } from './bench-scale/in-process.ts';
import { timeKeepingPeriods, type KeepingRun } from './bench-scale/keeping.ts';
import {
  load,
  percentile,
  processCpuSeconds,
  startServer,
  startYardstick,
  type Request,
  type Sample,
  type Server,
} from './bench-scale/load.ts';
import { oneLine, plan, queriesBehind } from './bench-scale/plans.ts';
import type { TableName } from './bench-scale/tables.ts';
import { freePort, root } from './lib.mjs';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const LEARNERS = Math.max(10, Math.round(100_000 * SCALE));
/** autocannon runs for whole seconds: each slice is 2 s, so BENCH_SECONDS rounds to an even number. */
const SLICE_SECONDS = 2;
const SLICES = Math.max(1, Math.round(Number(process.env.BENCH_SECONDS ?? 12) / SLICE_SECONDS));
const SECONDS = SLICES * SLICE_SECONDS;
const RATE = Number(process.env.BENCH_RATE ?? 100);
const PG_URL = process.env.TEST_DATABASE_URL;
const ENGINES = (process.env.BENCH_ENGINES ?? (PG_URL ? 'sqlite,postgres' : 'sqlite')).split(',');
const BUDGET = { p99Ms: 20, ratio: 2, jobSeconds: 60 };
/** How many of the slowest endpoints get their statements' plans printed. */
const PLANS_FOR = 3;
const REQUESTS_FOR_PLANS = 20;

const thousands = (n: number) => Math.round(n).toLocaleString('en-US');
const secondsText = (s: number) =>
  s >= 60 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${s.toFixed(1)} s`;

/** The machine's load (1, 5 and 15 minutes): on a shared machine it says how noisy a p99 is. */
const loadText = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');

/** Removes what the bench made (servers, databases, folders), also on Ctrl+C. */
const cleanups: (() => Promise<void>)[] = [];
async function cleanUp(): Promise<void> {
  while (cleanups.length > 0)
    await cleanups
      .pop()?.()
      .catch((err: unknown) => console.error(err));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: removing the bench databases`);
    void cleanUp().finally(() => process.exit(130));
  });
}

interface Filled {
  database: BenchDatabase;
  me: SignedIn;
  seconds: number;
  indexSeconds: number;
  rows: Map<TableName, number>;
}

/**
 * A migrated database with the measured learner signed in (a real sign-in, in this process), then
 * filled: with everyone, or with the measured learner's own rows only.
 */
async function prepare(
  database: BenchDatabase,
  course: { content: CourseContent; facts: CourseFacts },
  origin: string,
  onlyBenchLearner: boolean,
): Promise<Filled> {
  const app = await inProcessApp(database.url, course.content, origin);
  const me = await signIn(app, origin);
  await app.close();
  const started = performance.now();
  const writer = await database.writer();
  await fillRows(writer, {
    course: course.facts,
    learners: LEARNERS,
    benchLearnerId: me.userId,
    onlyBenchLearner,
    now: Date.now(),
  });
  const { rows, indexSeconds } = await writer.finish();
  return { database, me, seconds: (performance.now() - started) / 1000, indexSeconds, rows };
}

function printFill(engine: string, filled: Filled): void {
  const total = [...filled.rows.values()].reduce((a, b) => a + b, 0);
  console.log(
    `\n${engine}: ${thousands(LEARNERS)} learners, ${thousands(total)} rows written in ` +
      `${secondsText(filled.seconds)} (of which indexes${filled.database.engine === 'postgres' ? ', keys and VACUUM ANALYZE' : ''}: ${secondsText(filled.indexSeconds)})`,
  );
  const parts = [...filled.rows].map(([table, n]) => `${table} ${thousands(n)}`);
  for (let i = 0; i < parts.length; i += 5) console.log(`  ${parts.slice(i, i + 5).join(' · ')}`);
}

/** One thing measured on both databases: a signed-in call, or the yardstick (no budget). */
interface Target {
  server: Server;
  request: Request;
  cookie: string;
  /** Whose CPU time counts besides the server's (PostgreSQL's backends); none for the yardstick. */
  database?: BenchDatabase;
}
interface Measurement {
  page: string;
  route: string;
  budgeted: boolean;
  targets: { empty: Target; full: Target };
  /** The call on the full database (none for the yardstick): its statements are looked into. */
  call?: Endpoint;
}
/** The answered requests' times, plus the CPU the server (and database) spent on all of them. */
interface Side extends Sample {
  cpuSeconds: number;
  requests: number;
}
interface Measured extends Measurement {
  empty: Side;
  full: Side;
}

const noSide = (): Side => ({ ms: [], failures: 0, cpuSeconds: 0, requests: 0 });

/** CPU seconds used so far by the server and the database processes working for it, by process. */
async function cpuByProcess(target: Target): Promise<Map<number, number>> {
  const pids = [target.server.pid, ...((await target.database?.processes()) ?? [])];
  return new Map(
    pids.flatMap((pid) => {
      const seconds = processCpuSeconds(pid);
      return pid === undefined || Number.isNaN(seconds) ? [] : [[pid, seconds] as const];
    }),
  );
}

/** One slice of load on one target, with the CPU time it cost. */
async function slice(target: Target, seconds: number): Promise<Side> {
  const before = await cpuByProcess(target);
  const sample = await load(target.server, target.request, {
    seconds,
    rate: RATE,
    cookie: target.cookie,
  });
  // A database backend that ended during the slice (the pool closes idle ones) takes its last
  // moments with it; one that started counts from zero.
  let cpuSeconds = 0;
  for (const [pid, used] of await cpuByProcess(target)) cpuSeconds += used - (before.get(pid) ?? 0);
  return { ...sample, cpuSeconds, requests: sample.ms.length + sample.failures };
}

/**
 * A warm-up, then slices in which the two databases take turns (the first to go alternates), so
 * both see the same moments of whatever else the machine is doing.
 */
async function measure(m: Measurement): Promise<Measured> {
  process.stdout.write(`  ${m.page.padEnd(11)} ${m.route} ... `);
  const measured: Measured = { ...m, empty: noSide(), full: noSide() };
  for (let n = -1; n < SLICES; n++) {
    const seconds = n < 0 ? 1 : SLICE_SECONDS;
    const order = n % 2 === 0 ? (['full', 'empty'] as const) : (['empty', 'full'] as const);
    for (const which of order) {
      const got = await slice(m.targets[which], seconds);
      if (n < 0) continue; // the warm-up is not counted
      const side = measured[which];
      side.ms.push(...got.ms);
      side.failures += got.failures;
      side.cpuSeconds += got.cpuSeconds;
      side.requests += got.requests;
    }
  }
  console.log(`${measured.empty.ms.length} + ${measured.full.ms.length} requests`);
  return measured;
}

function measurements(
  servers: { empty: Server; full: Server; yardstick: Server },
  databases: { empty: BenchDatabase; full: BenchDatabase },
  calls: { empty: Endpoint[]; full: Endpoint[] },
  cookies: { empty: string; full: string },
): Measurement[] {
  const request: Request = { method: 'GET', path: '/' };
  const hello = { server: servers.yardstick, request, cookie: '' };
  const yardstick = {
    ...{ page: 'yardstick', route: 'GET / (bare Fastify hello-world)', budgeted: false },
    targets: { empty: hello, full: hello },
  } satisfies Measurement;
  const calls2 = calls.full.map((full, i) => ({
    ...{ page: full.page, route: full.route, budgeted: true, call: full },
    targets: {
      empty: {
        ...{ server: servers.empty, request: calls.empty[i] ?? full, cookie: cookies.empty },
        database: databases.empty,
      },
      full: { server: servers.full, request: full, cookie: cookies.full, database: databases.full },
    },
  }));
  return [yardstick, ...calls2];
}

interface Verdict extends Measured {
  p50: { empty: number; full: number };
  p99: { empty: number; full: number };
  ratio: number;
  ok: boolean;
}

function judge(m: Measured): Verdict {
  const p50 = { empty: percentile(m.empty.ms, 0.5), full: percentile(m.full.ms, 0.5) };
  const p99 = { empty: percentile(m.empty.ms, 0.99), full: percentile(m.full.ms, 0.99) };
  const ratio = p99.full / p99.empty;
  const failures = m.empty.failures + m.full.failures;
  const ok = failures === 0 && (!m.budgeted || (p99.full < BUDGET.p99Ms && ratio <= BUDGET.ratio));
  return { ...m, p50, p99, ratio, ok };
}

/** CPU time per request in microseconds: the cost itself, which the machine's noise hardly moves. */
const cpuPerRequest = (side: Side) => (side.cpuSeconds / Math.max(1, side.requests)) * 1e6;

function printTable(engine: string, verdicts: readonly Verdict[]): void {
  const n = (x: number, width = 7) => x.toFixed(1).padStart(width);
  const us = (x: number) => (Number.isNaN(x) ? '' : Math.round(x).toString()).padStart(7);
  console.log(
    `\n${engine}: latency in ms at ${RATE} requests/s, ${SECONDS} s per endpoint and database; ` +
      `CPU: the server's${engine === 'PostgreSQL' ? " and its database backends'" : ''} time per request, in µs`,
  );
  console.log(
    `${'page'.padEnd(11)} ${'endpoint'.padEnd(48)}${'empty p50'.padStart(10)}${'p99'.padStart(7)}` +
      `${'full p50'.padStart(10)}${'p99'.padStart(7)}${'ratio'.padStart(7)}  budget        result` +
      `  ${'CPU empty'.padStart(9)}${'full'.padStart(7)}`,
  );
  for (const v of verdicts) {
    const failures = v.empty.failures + v.full.failures;
    const budget = v.budgeted ? `<=${BUDGET.ratio}x, <${BUDGET.p99Ms} ms` : '(none)';
    const result = v.ok ? 'ok' : `MISSED${failures ? ` (${failures} failed)` : ''}`;
    console.log(
      `${v.page.padEnd(11)} ${v.route.padEnd(48)}${n(v.p50.empty, 10)}${n(v.p99.empty)}` +
        `${n(v.p50.full, 10)}${n(v.p99.full)}${v.ratio.toFixed(2).padStart(7)}` +
        `  ${budget.padEnd(14)}${(v.budgeted ? result : '').padEnd(6)}` +
        `  ${us(cpuPerRequest(v.empty)).padStart(9)}${us(cpuPerRequest(v.full))}`,
    );
  }
}

function printKeeping(engine: string, run: KeepingRun): boolean {
  const ok = run.seconds < BUDGET.jobSeconds;
  console.log(
    `\n${engine}: keeping-periods job, one full run on the full database: ` +
      `${secondsText(run.seconds)} (budget < ${BUDGET.jobSeconds} s) ${ok ? 'ok' : 'MISSED'}`,
  );
  const removed = Object.entries(run.removed).map(([what, count]) => `${what} ${thousands(count)}`);
  console.log(`  removed: ${removed.join(' · ')}`);
  console.log('  its statements, by time taken together:');
  for (const s of run.statements.slice(0, 5)) {
    console.log(
      `  ${(s.totalMs / 1000).toFixed(2).padStart(7)} s  ${String(s.runs).padStart(4)}x  ${oneLine(s.sql, 110)}`,
    );
  }
  return ok;
}

/** A statement that has a plan (not begin, commit or rollback). */
const explainable = (sql: string) => /^\s*(select|insert|update|delete|with)\b/i.test(sql);

/** The statements behind the slowest endpoints (timed in this process), and their plans. */
async function printPlans(
  filled: Filled,
  content: CourseContent,
  origin: string,
  slowest: readonly Endpoint[],
): Promise<void> {
  const log: LoggedQuery[] = [];
  const app = await inProcessApp(filled.database.url, content, origin, (q) => log.push(q));
  const explain = filled.database.engine === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN ANALYZE';
  console.log(
    `\nThe slowest endpoints' statements on the full database (${REQUESTS_FOR_PLANS} requests each; ${explain}):`,
  );
  try {
    for (const endpoint of slowest) {
      const costs = await queriesBehind(
        app,
        endpoint,
        { cookie: filled.me.cookie, origin },
        log,
        REQUESTS_FOR_PLANS,
      );
      console.log(`\n  ${endpoint.route}`);
      for (const c of costs.slice(0, 5)) {
        console.log(
          `    p50 ${c.p50.toFixed(3)} ms, max ${c.max.toFixed(3)} ms, ${c.runs}x  ${oneLine(c.sql, 120)}`,
        );
      }
      // Plans of the two slowest statements the endpoint runs on (nearly) every request: the
      // session and access look-ups run once a second (decision 0009), not per request.
      const perRequest = costs
        .filter((c) => c.runs >= REQUESTS_FOR_PLANS / 2 && explainable(c.sql))
        .slice(0, 2);
      if (perRequest.length === 0) console.log('    (no statement on most requests)');
      for (const c of perRequest) {
        console.log(`    plan of: ${oneLine(c.sql, 100)}`);
        for (const line of await plan(filled.database, c)) console.log(`    ${line}`);
      }
    }
  } finally {
    await app.close();
  }
}

async function makeDatabase(engine: string, label: string): Promise<BenchDatabase> {
  const database =
    engine === 'postgres' && PG_URL
      ? await postgresDatabase(PG_URL, label)
      : await sqliteDatabase(label);
  cleanups.push(() => database.drop());
  return database;
}

/** Everything for one engine; true when every budget was met. */
async function benchEngine(
  engine: string,
  course: { content: CourseContent; facts: CourseFacts },
): Promise<boolean> {
  const name = engine === 'postgres' ? 'PostgreSQL' : 'SQLite';
  const ports = { empty: await freePort(), full: await freePort() };
  const origin = (port: number) => `http://127.0.0.1:${port}`;
  const empty = await prepare(
    await makeDatabase(engine, 'empty'),
    course,
    origin(ports.empty),
    true,
  );
  console.log(`\n${name}: filling ...`);
  const full = await prepare(await makeDatabase(engine, 'full'), course, origin(ports.full), false);
  printFill(name, full);

  const mailDir = mkdtempSync(join(tmpdir(), 'indent-bench-scale-mail-'));
  cleanups.push(() => Promise.resolve(rmSync(mailDir, { recursive: true, force: true })));
  const servers = {
    empty: await startServer({ databaseUrl: empty.database.url, port: ports.empty, mailDir }),
    full: await startServer({ databaseUrl: full.database.url, port: ports.full, mailDir }),
    yardstick: await startYardstick(await freePort()),
  };
  const calls = {
    empty: endpoints(course.content, empty.me),
    full: endpoints(course.content, full.me),
  };
  const verdicts: Verdict[] = [];
  try {
    console.log(
      `\n${name}: measuring (empty and full database taking turns; load average ${loadText()})`,
    );
    const cookies = { empty: empty.me.cookie, full: full.me.cookie };
    for (const m of measurements(
      servers,
      { empty: empty.database, full: full.database },
      calls,
      cookies,
    ))
      verdicts.push(judge(await measure(m)));
  } finally {
    for (const server of Object.values(servers)) await server.stop();
  }
  printTable(name, verdicts);
  const slowest = verdicts
    .flatMap((v) => (v.call ? [{ call: v.call, p99: v.p99.full }] : []))
    .sort((a, b) => b.p99 - a.p99)
    .slice(0, PLANS_FOR);
  await printPlans(
    full,
    course.content,
    origin(ports.full),
    slowest.map((s) => s.call),
  );
  const keepingOk = printKeeping(name, await timeKeepingPeriods(full.database));
  await cleanUp();
  return keepingOk && verdicts.every((v) => v.ok);
}

async function main(): Promise<void> {
  if (!(SCALE > 0 && SCALE <= 1)) throw new Error('BENCH_SCALE must be above 0 and at most 1');
  const content = await loadCourseContent(join(root, 'content'));
  const course = { content, facts: courseFacts(content) };
  console.log(
    `bench:scale: ${ENGINES.join(' and ')}, ${thousands(LEARNERS)} learners (BENCH_SCALE=${SCALE}), ` +
      `${RATE} requests/s, ${SECONDS} s per endpoint and database (${process.version})`,
  );
  const missed: string[] = [];
  try {
    for (const engine of ENGINES) {
      if (engine === 'postgres' && !PG_URL) throw new Error('postgres needs TEST_DATABASE_URL');
      if (!(await benchEngine(engine, course))) missed.push(engine);
    }
  } finally {
    await cleanUp();
  }
  if (missed.length > 0) {
    console.error(`\nnpm run bench:scale: a budget was missed on ${missed.join(' and ')}.`);
    process.exitCode = 1;
  } else {
    console.log('\nnpm run bench:scale: every budget met.');
  }
}

await main();
