import type { RunResult } from '#shared/content/python-checks.ts';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** How one run ended: a fixed set, so the label never grows. */
export type RunOutcome = 'completed' | 'timed_out' | 'memory' | 'crashed';

export function runOutcome(result: RunResult): RunOutcome {
  if (result.timedOut) return 'timed_out';
  // MemoryError is Python's own stop at PYTHON_CHECK_MEMORY_MB; a crash may be the process's heap.
  if (result.error?.type === 'MemoryError') return 'memory';
  if (result.error?.type === 'PyodideCrash') return 'crashed';
  return 'completed';
}

export interface ExerciseCheckMetrics {
  ran(outcome: RunOutcome, seconds: number): void;
  refused(): void;
}

/**
 * The exercise-check pool's families (decision 0029): the queue and live processes are read from
 * the pool when scraped; runs, their outcome (time-outs and memory stops among them), their time
 * and claims refused for a full queue are counted as they happen.
 */
export function exerciseCheckMetrics(
  registry: Registry,
  pool: { readonly queued: number; readonly processes: number },
): ExerciseCheckMetrics {
  new Gauge({
    name: 'indent_exercise_check_queue_length',
    help: 'Exercise-check runs waiting for a free interpreter',
    registers: [registry],
    collect() {
      this.set(pool.queued);
    },
  });
  new Gauge({
    name: 'indent_exercise_check_processes',
    help: 'Pyodide interpreter processes alive in the exercise-check pool',
    registers: [registry],
    collect() {
      this.set(pool.processes);
    },
  });
  const runs = new Counter({
    name: 'indent_exercise_check_runs_total',
    help: 'Exercise-check runs, by outcome (completed, timed_out, memory, crashed)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const seconds = new Histogram({
    name: 'indent_exercise_check_run_duration_seconds',
    help: 'Time of one exercise-check run, waiting for an interpreter included',
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const refused = new Counter({
    name: 'indent_exercise_check_refused_total',
    help: 'Solved claims answered 503 because the queue was full',
    registers: [registry],
  });
  return {
    ran(outcome, time) {
      runs.inc({ outcome });
      seconds.observe(time);
    },
    refused: () => refused.inc(),
  };
}
