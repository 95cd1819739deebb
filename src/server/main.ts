import { buildApp } from './app.ts';
import { openDatabase } from './db/database.ts';
import { sqliteFileOf } from './db/backup.ts';
import { migrateToLatest } from './db/migrate.ts';
import { holdServerLock } from './db/server-lock.ts';
import { EnvError, loadEnv, type Env } from './env.ts';
import { fileOffsetClock } from './platform/clock.ts';
import { createReadiness } from './platform/readiness.ts';
import { loadCourseContent, type CourseContent } from './content/course-content.ts';

// Reads the environment, prepares the database, builds the app and listens. Nothing else lives here.

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let env: Env;
try {
  env = loadEnv();
} catch (err) {
  fail(err instanceof EnvError ? err.message : `Configuration error: ${String(err)}`);
}

// A broken content file stops start-up here, naming the file, line and field.
let content: CourseContent;
try {
  content = await loadCourseContent(env.CONTENT_DIR);
} catch (err) {
  fail(`Content error in ${env.CONTENT_DIR}: ${err instanceof Error ? err.message : String(err)}`);
}

const { db, engine, queries } = openDatabase(env.DATABASE_URL);
// Tells `npm run admin -- restore` that a server runs on this SQLite file (removed at exit).
const sqliteFile = sqliteFileOf(env.DATABASE_URL);
if (sqliteFile) holdServerLock(sqliteFile);
try {
  await migrateToLatest(db);
} catch (err) {
  const reason = err instanceof Error ? err.message : String(err);
  await db.destroy().catch(() => undefined);
  fail(`Configuration error: DATABASE_URL cannot be used (${engine}): ${reason.split('\n')[0]}`);
}

// Fastify logs one "listening at" line per bound address, 127.0.0.1 first, and that address is not
// the one sign-in works at (PUBLIC_ORIGIN). Those lines are dropped; the ready line below names the
// address to open.
const LISTENING_TEXT = '\u0000listening';
const readiness = createReadiness();
const app = await buildApp({
  env,
  db,
  engine,
  content,
  queries,
  readiness,
  // Only a test server's time can be moved (the browser journey of issue 20's review).
  ...(env.NODE_ENV === 'test' && env.TEST_CLOCK_FILE
    ? { clock: fileOffsetClock(env.TEST_CLOCK_FILE) }
    : {}),
  logger: {
    level: env.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    hooks: {
      logMethod(args, method) {
        if (args[0] !== LISTENING_TEXT) method.apply(this, args);
      },
    },
  },
});

let stopping = false;
// While stopping, every answer closes its connection, so keep-alive sockets cannot hold the shutdown open.
app.addHook('onSend', (_request, reply, payload, done) => {
  if (stopping) reply.header('connection', 'close');
  done(null, payload);
});

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  // First out of the load balancer's rotation (GET /api/ready answers 503), then close.
  readiness.markStopping();
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  if (env.SHUTDOWN_DELAY_MS > 0) {
    await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DELAY_MS));
  }
  // close() stops accepting connections, waits for requests in progress, then runs onClose (the database).
  const timer = setTimeout(() => {
    app.log.error('shutdown took longer than 10 s; exiting');
    process.exit(1);
  }, 10_000);
  timer.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error while shutting down');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({
    listenTextResolver: () => LISTENING_TEXT,
    port: env.PORT,
    host: env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : 'localhost'),
  });
  app.log.info(
    `Indent is ready at ${env.origin} (database: ${engine}, sign-in: ${env.identityDriver}, payments: ${env.paymentsDriver})`,
  );
} catch (err) {
  const reason = err instanceof Error ? err.message : String(err);
  await app.close().catch(() => undefined);
  fail(`Configuration error: PORT ${env.PORT} cannot be used: ${reason}`);
}
