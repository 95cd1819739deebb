import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadEnv } from '../../env.ts';
import { createReadiness } from '../../platform/readiness.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { createTestApp, fakeClientDir, testContent } from '../../testing/test-app.ts';

// Liveness (/api/health) answers whenever the process and database do; readiness (/api/ready) also
// waits for the migrations and turns to 503 as soon as shutdown begins.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function appOn(database: TestDatabase, readiness = createReadiness()) {
  const app = await buildApp({
    env: loadEnv({ NODE_ENV: 'test', CLIENT_DIR: fakeClientDir() }),
    db: database.db,
    engine: database.engine,
    content: await testContent(),
    readiness,
  });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await database.destroy();
  });
  return app;
}

describe('GET /api/ready', () => {
  it('answers 503 naming pending migrations during start-up, then 200 once they have run', async () => {
    // The features read their tables while registering, so the app meets a database one migration
    // behind (the newest, an index, is the one still to run).
    const database = await createTestDatabase({ upTo: '0008-certificates' });
    const app = await appOn(database);

    const before = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({ status: 'not_ready', reason: 'migrations_pending' });
    // Liveness does not wait for migrations: the process is alive and the database answers.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await database.migrate();
    const after = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 once shutdown has begun, while liveness still answers 200', async () => {
    const readiness = createReadiness();
    const app = await appOn(await createTestDatabase(), readiness);
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

    readiness.markStopping();
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not_ready', reason: 'stopping' });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 503 when the database does not answer', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    await t.database.db.destroy();
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not_ready', reason: 'database_unreachable' });
  });

  it('needs no session and takes no input (public like /api/health)', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const res = await t.app.inject({ method: 'GET', url: '/api/ready?anything=1' });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/ready' })).statusCode).toBe(404);
  });
});
