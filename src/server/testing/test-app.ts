import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { site } from '#shared/site.ts';
import { buildApp, type AppDeps } from '../app.ts';
import type { Db } from '../db/database.ts';
import { addDays } from '../platform/clock.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { loadEnv } from '../env.ts';
import { loadCourseContent, type CourseContent } from '../content/course-content.ts';
import type { App } from '../platform/fastify.ts';

export interface TestApp {
  app: App;
  database: TestDatabase;
  close(): Promise<void>;
}

/** A minimal built client, so page routes can be tested without running Vite. */
export function fakeClientDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'indent-client-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>Indent</title><div id="root"></div>',
  );
  return dir;
}

// Vitest gives each test file its own module graph, so this loads and renders the course once per
// file, not once per app (it takes about a second).
let courseContent: Promise<CourseContent> | undefined;

/** The real course from content/, loaded once per test file. */
export function testContent(): Promise<CourseContent> {
  courseContent ??= loadCourseContent('content');
  return courseContent;
}

/** A fresh app on a fresh migrated database (SQLite, or PostgreSQL when TEST_DATABASE_URL is set). */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    deps?: Partial<Omit<AppDeps, 'env' | 'db' | 'engine'>>;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const env = loadEnv({ NODE_ENV: 'test', CLIENT_DIR: fakeClientDir(), ...options.env });
  const app = await buildApp({
    env,
    db: database.db,
    engine: database.engine,
    queries: database.queries,
    content: options.deps?.content ?? (await testContent()),
    ...options.deps,
  });
  await app.ready();
  return {
    app,
    database,
    // Closing the app destroys the connection pool (onClose); the schema or file goes after.
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}

/**
 * A clock tests can move. A file that shares one app between its tests calls `reset` before each
 * test, so every test starts at the same moment and none depends on another's moves
 * (scripts/test-clocks.test.ts holds every server test file to it).
 */
export function testClock(start = new Date('2026-03-01T12:00:00.000Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    set(date: Date) {
      current = date.getTime();
    },
    reset() {
      current = start.getTime();
    },
  };
}

/** Collects cookies from responses and sends them back, like a browser would for our own origin. */
export function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    store(response: {
      cookies: { name: string; value: string; expires?: Date; maxAge?: number }[];
    }) {
      for (const c of response.cookies) {
        const expired =
          (c.expires && c.expires.getTime() <= Date.now() && c.value === '') ||
          c.maxAge === 0 ||
          c.value === '';
        if (expired) cookies.delete(c.name);
        else cookies.set(c.name, c.value);
      }
    },
    get(name: string) {
      return cookies.get(name);
    },
    set(name: string, value: string) {
      cookies.set(name, value);
    },
    header(): string {
      return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    },
  };
}

/** The origin the test apps run as (env.ts's default for port 3000). */
export const TEST_ORIGIN = 'http://localhost:3000';

export type Jar = ReturnType<typeof cookieJar>;

/** A request from our own pages: our Origin, and the jar's cookies when there is a jar. */
export function browserHeaders(jar: Jar | null): { origin: string; cookie?: string } {
  return jar ? { origin: TEST_ORIGIN, cookie: jar.header() } : { origin: TEST_ORIGIN };
}

export interface TestUser {
  _id: string;
  googleId: string;
  name: string;
  stripeSubscriptionId?: string;
}

let signIns = 0;

/** Signs in through the development identity driver, exactly as the browser does. */
export async function signInWithDevLogin(t: TestApp, name: string, email: string) {
  const jar = cookieJar();
  const headers = () => ({ origin: TEST_ORIGIN, cookie: jar.header() });
  // Each learner signs in from their own address, as in life (sign-in is rate limited per address).
  signIns += 1;
  const remoteAddress = `10.0.${Math.floor(signIns / 250)}.${signIns % 250}`;
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/auth/start',
    remoteAddress,
    headers: headers(),
    payload: {},
  });
  jar.store(start);
  const url = new URL(start.json<{ url: string }>().url, TEST_ORIGIN);
  const consent = await t.app.inject({
    method: 'POST',
    url: '/api/dev-login',
    remoteAddress,
    headers: headers(),
    payload: { state: url.searchParams.get('state') ?? '', name, email },
  });
  const back = new URL(consent.json<{ redirect: string }>().redirect, TEST_ORIGIN);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/exchange-code',
    remoteAddress,
    headers: headers(),
    payload: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
  });
  expect(res.statusCode).toBe(200);
  jar.store(res);
  return { jar, user: res.json<{ user: TestUser }>().user };
}

/**
 * Test set-up only: the order row a confirmed payment leaves behind (the app itself grants access
 * only after the payment provider confirms payment).
 */
export async function grantPaidAccess(
  db: Db,
  userId: string,
  paidAt: Date,
): Promise<{ id: string; accessEndsAt: Date }> {
  const id = randomUUID();
  const accessEndsAt = addDays(paidAt, site.accessDays);
  await db
    .insertInto('orders')
    .values({
      id,
      user_id: userId,
      provider: 'demo',
      provider_session_id: `demo_${id}`,
      payment_intent_id: null,
      status: 'paid',
      amount_cents: site.priceCents,
      currency: site.currency,
      created_at: paidAt.toISOString(),
      paid_at: paidAt.toISOString(),
      access_ends_at: accessEndsAt.toISOString(),
      revoked_at: null,
      revoke_reason: null,
    })
    .execute();
  return { id, accessEndsAt };
}

/**
 * Test set-up only: a person as signing in leaves them (for tests of what happens to stored people,
 * such as mail, retention and sessions, where going through the sign-in routes adds nothing).
 * Returns the stored row.
 */
export async function insertPerson(
  db: Db,
  person: {
    id?: string;
    email: string;
    name?: string;
    googleId?: string;
    picture?: string | null;
    at: Date | string;
  },
) {
  const id = person.id ?? randomUUID();
  const at = typeof person.at === 'string' ? person.at : person.at.toISOString();
  return db
    .insertInto('users')
    .values({
      id,
      google_id: person.googleId ?? `dev:${id}`,
      name: person.name ?? 'Ada Lovelace',
      email: person.email,
      picture: person.picture ?? null,
      created_at: at,
      updated_at: at,
      anonymized_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
