import type { FastifyInstance } from 'fastify';

export interface ScheduledJob {
  /** Stops the schedule; resolves once a pass in progress has finished. */
  stop(): Promise<void>;
}

/**
 * Runs a background job on every instance: first a while after start-up (so a restart loop does
 * not hammer the database, and short-lived test apps never run it), then at a fixed interval. A
 * pass still running when the next is due is not doubled, and a failed pass is logged and tried
 * again at the next interval. The schedule stops before any onClose hook runs (preClose), so no
 * pass is left running when the database closes.
 */
export function scheduleJob(
  app: FastifyInstance,
  options: { name: string; run: () => Promise<unknown>; firstRunAfterMs: number; everyMs: number },
): ScheduledJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let stopped = false;

  const tick = () => {
    if (running || stopped) return;
    running = options
      .run()
      .catch((err: unknown) => {
        app.log.error({ err }, `${options.name}: pass failed; it runs again at the next interval`);
      })
      .finally(() => {
        running = null;
      });
  };

  app.addHook('onReady', async () => {
    timer = setTimeout(() => {
      tick();
      timer = setInterval(tick, options.everyMs);
      timer.unref();
    }, options.firstRunAfterMs);
    timer.unref();
  });
  const job: ScheduledJob = {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(timer);
      await running;
    },
  };
  app.addHook('preClose', () => job.stop());
  return job;
}
