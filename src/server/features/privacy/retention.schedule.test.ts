import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scheduleRetention } from './retention.schedule.ts';
import type { RetentionReport, RetentionService } from './retention.service.ts';

const empty: RetentionReport = { sessions: 0, authRequests: 0, accounts: 0, orders: 0, events: 0 };

afterEach(() => {
  vi.useRealTimers();
});

describe('retention schedule', () => {
  it('runs first after the delay, then at every interval, and not after stop', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    let runs = 0;
    const retention: RetentionService = {
      runOnce: () => {
        runs++;
        return Promise.resolve(empty);
      },
    };
    const app = Fastify({ logger: false });
    const schedule = scheduleRetention(app, { retention, firstRunAfterMs: 1000, everyMs: 5000 });
    await app.ready();
    expect(runs).toBe(0);
    vi.advanceTimersByTime(999);
    expect(runs).toBe(0);
    vi.advanceTimersByTime(1);
    expect(runs).toBe(1);
    vi.advanceTimersByTime(10_000);
    expect(runs).toBe(3);
    await schedule.stop();
    vi.advanceTimersByTime(60_000);
    expect(runs).toBe(3);
    await app.close();
  });

  it('logs a failed run and keeps the schedule', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    const errors: string[] = [];
    let runs = 0;
    const retention: RetentionService = {
      runOnce: () => {
        runs++;
        return Promise.reject(new Error('database unreachable'));
      },
    };
    const app = Fastify({ logger: false });
    app.log.error = ((obj: unknown, msg?: string) => {
      errors.push(`${msg ?? ''} ${String((obj as { err?: Error }).err?.message)}`);
    }) as typeof app.log.error;
    const schedule = scheduleRetention(app, { retention, firstRunAfterMs: 10, everyMs: 10 });
    await app.ready();
    vi.advanceTimersByTime(30);
    await schedule.stop();
    expect(runs).toBe(3);
    expect(errors[0]).toContain('retention: run failed');
    expect(errors[0]).toContain('database unreachable');
    await app.close();
  });
});
