import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type AppDeps } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db/test-database.ts';
import { loadEnv } from './env.ts';
import { loadCourseContent, type CourseContent } from './features/courses/course-content.ts';
import type { App } from './platform/fastify.ts';

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

/** A clock tests can move forward. */
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
