import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scheduleJob } from './jobs.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('scheduleJob', () => {
  it('runs first after the delay, then at every interval, and not after stop', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    let runs = 0;
    const run = () => {
      runs++;
      return Promise.resolve();
    };
    const app = Fastify({ logger: false });
    const schedule = scheduleJob(app, { name: 'job', run, firstRunAfterMs: 1000, everyMs: 5000 });
    await app.ready();
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(3);
    await schedule.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(3);
    await app.close();
  });

  it('logs a failed run and keeps the schedule', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    const errors: string[] = [];
    let runs = 0;
    const run = () => {
      runs++;
      return Promise.reject(new Error('database unreachable'));
    };
    const app = Fastify({ logger: false });
    app.log.error = ((obj: unknown, msg?: string) => {
      errors.push(`${msg ?? ''} ${String((obj as { err?: Error }).err?.message)}`);
    }) as typeof app.log.error;
    const schedule = scheduleJob(app, { name: 'retention', run, firstRunAfterMs: 10, everyMs: 10 });
    await app.ready();
    await vi.advanceTimersByTimeAsync(30);
    await schedule.stop();
    expect(runs).toBe(3);
    expect(errors[0]).toContain('retention: pass failed');
    expect(errors[0]).toContain('database unreachable');
    await app.close();
  });

  it('does not start a pass while the last one is still running, and stops with the app', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    let runs = 0;
    let finish: () => void = () => undefined;
    const run = () => {
      runs++;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    };
    const app = Fastify({ logger: false });
    scheduleJob(app, { name: 'slow', run, firstRunAfterMs: 10, everyMs: 10 });
    await app.ready();
    await vi.advanceTimersByTimeAsync(50);
    expect(runs).toBe(1);
    finish();
    await app.close();
    await vi.advanceTimersByTimeAsync(50);
    expect(runs).toBe(1);
  });
});
