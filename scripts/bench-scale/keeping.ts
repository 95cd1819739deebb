import pino from 'pino';
import { keepingPeriodsJob } from '#server/app.ts';
import { openDatabase } from '#server/db/database.ts';
import { systemClock } from '#server/platform/clock.ts';
import type { BenchDatabase } from './databases.ts';
import type { LoggedQuery } from './in-process.ts';
import { costs, type QueryCost } from './plans.ts';

export interface KeepingRun {
  seconds: number;
  /** What the job removed, as it reports it. */
  removed: Record<string, number>;
  /** Its statements, by the time they took together, longest first. */
  statements: (QueryCost & { totalMs: number })[];
}

/** One full run of the keeping-periods job (features/privacy) on the filled database, timed. */
export async function timeKeepingPeriods(database: BenchDatabase): Promise<KeepingRun> {
  const log: LoggedQuery[] = [];
  const { db } = openDatabase(database.url, {
    log: (event) => {
      if (event.level !== 'query') return;
      const { sql, parameters } = event.query;
      log.push({ sql, parameters, ms: event.queryDurationMillis });
    },
  });
  try {
    const job = keepingPeriodsJob({ db, clock: systemClock, log: pino({ level: 'warn' }) });
    const started = performance.now();
    const report = await job.runOnce();
    const seconds = (performance.now() - started) / 1000;
    const totals = new Map<string, number>();
    for (const q of log) totals.set(q.sql, (totals.get(q.sql) ?? 0) + q.ms);
    const statements = costs(log)
      .map((c) => ({ ...c, totalMs: totals.get(c.sql) ?? 0 }))
      .sort((a, b) => b.totalMs - a.totalMs);
    return { seconds, removed: { ...report }, statements };
  } finally {
    await db.destroy();
  }
}
