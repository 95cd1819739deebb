import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib.mjs';
import { openDatabase } from './db/database.ts';
import { serversOn } from './db/server-lock.ts';

// Starts the real entry point as a child process: start-up errors, listening, and graceful shutdown.

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      CLIENT_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr, output: () => `${stdout}${stderr}` };
}

async function waitForHealth(base: string) {
  // Start-up loads and renders the whole course, which is slow on a busy machine.
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

describe('main (the server process)', { timeout: 90_000 }, () => {
  it('stops at start-up with one line naming a bad PORT', async () => {
    const server = startServer({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.stderr().trim()).toBe(
      'Configuration error: PORT must be a whole number (got "eighty")',
    );
  });

  it('stops at start-up with one line naming an unreachable DATABASE_URL', async () => {
    const server = startServer({
      PORT: String(await freePort()),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
    });
    expect(await server.exited).toBe(1);
    const lines = server.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configuration error: DATABASE_URL cannot be used/);
  });

  it('finishes in-flight requests on SIGTERM and exits 0', async () => {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'indent-main-'));
    const server = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${join(dir, 'db.sqlite')}`,
    });
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base);
    // The mark `npm run admin -- restore` looks for, gone once the server has exited.
    expect(serversOn(join(dir, 'db.sqlite')).map((s) => s.pid)).toEqual([server.child.pid]);

    // A request whose body is still arriving when SIGTERM lands must still be answered.
    const slow = new Promise<number>((resolve, reject) => {
      const req = request(
        `${base}/api/nope`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '13' } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.write('{"slow":');
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end('true}'), 300);
      }, 200);
    });
    expect(await slow).toBe(404);
    expect(await server.exited).toBe(0);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    expect(serversOn(join(dir, 'db.sqlite'))).toEqual([]);
  });

  it('answers 503 on /api/ready after SIGTERM while it waits SHUTDOWN_DELAY_MS, then exits 0', async () => {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'indent-main-'));
    const server = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${join(dir, 'db.sqlite')}`,
      SHUTDOWN_DELAY_MS: '4000',
    });
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base);
    expect((await fetch(`${base}/api/ready`)).status).toBe(200);

    server.child.kill('SIGTERM');
    // The load balancer's view: readiness turns to 503 while the server still accepts connections.
    let status = 200;
    while (status === 200) status = (await fetch(`${base}/api/ready`)).status;
    expect(status).toBe(503);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect(await server.exited, server.output()).toBe(0);
  });

  it('loses no committed write when SIGTERM arrives during a burst of writes', async () => {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'indent-main-'));
    const file = join(dir, 'db.sqlite');
    const server = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${file}`,
    });
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base);

    // Each successful POST /api/auth/start commits one sign-in attempt row before it answers.
    const writes = Array.from({ length: 15 }, (_, i) =>
      fetch(`${base}/api/auth/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
        body: JSON.stringify({ returnTo: `/page-${i}` }),
      }).then(
        (res) => res.status,
        () => 'refused' as const,
      ),
    );
    // SIGTERM as soon as the first write is answered, while the others are still in flight.
    void Promise.race(writes).then(() => server.child.kill('SIGTERM'));
    const results = await Promise.all(writes);
    expect(await server.exited, server.output()).toBe(0);

    const acknowledged = results.filter((r) => r === 200).length;
    // 503 is Fastify turning away a request that arrived on an open connection after shutdown began.
    for (const result of results) expect([200, 503, 'refused']).toContain(result);
    expect(acknowledged).toBeGreaterThan(0);
    const { db } = openDatabase(`file:${file}`);
    try {
      const rows = await db.selectFrom('auth_requests').select('return_to').execute();
      // Every write the server said yes to is on disk (a write that was refused never started).
      expect(rows.length).toBeGreaterThanOrEqual(acknowledged);
    } finally {
      await db.destroy();
    }
  });
});
