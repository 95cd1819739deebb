import type { FastifyInstance } from 'fastify';
import type { RetentionService } from './retention.service.ts';

/**
 * Runs the retention rules in the background: first a while after start-up (so a restart loop does
 * not hammer the database, and short-lived test apps never run it), then at a fixed interval.
 * Returns `stop`, which the app awaits on close before it closes the database.
 */
export function scheduleRetention(
  app: FastifyInstance,
  options: { retention: RetentionService; firstRunAfterMs: number; everyMs: number },
): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  const run = () => {
    running = options.retention.runOnce().catch((err: unknown) => {
      app.log.error({ err }, 'retention: run failed; it will be tried again at the next interval');
    });
  };

  app.addHook('onReady', async () => {
    timer = setTimeout(() => {
      run();
      timer = setInterval(run, options.everyMs);
      timer.unref();
    }, options.firstRunAfterMs);
    timer.unref();
  });
  return {
    async stop() {
      clearTimeout(timer);
      clearInterval(timer);
      // A run in progress finishes before the database closes.
      await running;
    },
  };
}
