import type { FastifyInstance } from 'fastify';

/**
 * Runs a mail job in the background, in the style of the keeping-periods job: first a while after
 * start-up, then at a fixed interval. A pass still running when the next is due is not doubled.
 * Returns `stop`, which the app awaits on close before it closes the database.
 */
export function scheduleMailJob(
  app: FastifyInstance,
  options: { name: string; run: () => Promise<unknown>; firstRunAfterMs: number; everyMs: number },
): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let stopped = false;

  const tick = () => {
    if (running || stopped) return;
    running = options
      .run()
      .catch((err: unknown) => {
        app.log.error(
          { err },
          `mail ${options.name}: pass failed; it runs again at the next interval`,
        );
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
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(timer);
      // A pass in progress finishes before the database closes.
      await running;
    },
  };
}
