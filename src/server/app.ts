import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { CourseContent } from './content/course-content.ts';
import type { Db, DbEngine } from './db/database.ts';
import type { QueryTimings } from './db/query-timings.ts';
import type { Env } from './env.ts';
import { registerAccess } from './features/access/access.feature.ts';
import { sessionSecurityScheme } from './features/access/access.hooks.ts';
import { authSessions, expiringAuthRows, registerAuth } from './features/auth/auth.feature.ts';
import type { IdentityProvider } from './features/auth/identity.ts';
import { registerBilling } from './features/billing/billing.feature.ts';
import type { PaymentsDriver } from './features/billing/payments.ts';
import { registerCertificates } from './features/certificates/certificates.feature.ts';
import { registerCourses } from './features/courses/courses.feature.ts';
import { registerHealth } from './features/health/health.feature.ts';
import { registerMail } from './features/mail/mail.feature.ts';
import { registerMetrics } from './features/metrics/metrics.feature.ts';
import type { MailTransport } from './features/mail/mail.transport.ts';
import {
  keepingPeriodsJob as privacyJob,
  registerPrivacy,
} from './features/privacy/privacy.feature.ts';
import { registerProgress } from './features/progress/progress.feature.ts';
import { registerQuizzes } from './features/quizzes/quizzes.feature.ts';
import { registerReview } from './features/review/review.feature.ts';
import { registerRhythm } from './features/rhythm/rhythm.feature.ts';
import { registerSearch } from './features/search/search.feature.ts';
import { personalDataOwners as owners } from './personal-data.ts';
import { registerClientApp } from './platform/client-app.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import type { App } from './platform/fastify.ts';
import type { Readiness } from './platform/readiness.ts';
import { createHttpApp } from './platform/http-app.ts';

export type { App };
export { paymentsFromEnv } from './features/billing/billing.feature.ts';

export interface AppDeps {
  env: Env;
  db: Db;
  engine: DbEngine;
  /** The course, loaded and rendered once at start-up (main.ts, testing/test-app.ts). */
  content: CourseContent;
  clock?: Clock;
  /** Defaults to the driver env.ts chose: Google when configured, otherwise development sign-in. */
  identity?: IdentityProvider;
  /** Defaults to the driver env.ts chose: Stripe when a secret key is set, otherwise the demo checkout. */
  payments?: PaymentsDriver;
  /** Defaults to the driver env.ts chose: SMTP when a host is set, otherwise the mail folder. */
  mailTransport?: MailTransport;
  logger?: FastifyServerOptions['logger'];
  /** Every statement's time, from openDatabase (its handle's `queries`), for the metrics. */
  queries?: QueryTimings;
  /** main.ts marks it stopping on SIGTERM, before closing, so /api/ready answers 503 first. */
  readiness?: Readiness;
}

/**
 * The app: each feature registers its own routes, jobs and hooks (its `*.feature.ts`) and returns
 * what the features after it may use. The order below is the order of dependence; reading it
 * says which feature is told what. Everything is built here, so each test builds a fresh app on a
 * fresh database.
 */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { env, db, engine, content } = deps;
  const clock = deps.clock ?? systemClock;
  const app = await createHttpApp({
    env,
    logger: deps.logger,
    securitySchemes: sessionSecurityScheme,
  });
  // First, so its request timing sees every route; the registry goes to each feature that counts.
  const { registry: metrics } = registerMetrics(app, { env, queries: deps.queries });
  const base = { db, env, clock, metrics };

  await registerHealth(app, { db, engine, clock, readiness: deps.readiness });
  const sessions = authSessions(base);
  const { hooks, access } = await registerAccess(app, { db, clock, sessions });
  await registerAuth(app, {
    ...base,
    sessions,
    identity: deps.identity,
    subscriptionIdOf: async (userId) => (await access.active(userId))?.providerSessionId,
  });
  const mail = await registerMail(app, { ...base, hooks, transport: deps.mailTransport });
  await registerBilling(app, {
    ...base,
    hooks,
    access,
    receipts: mail.receipts,
    payments: deps.payments,
  });

  const rhythm = await registerRhythm(app, { db, clock, hooks });
  const review = await registerReview(app, { db, clock, content, hooks, studyDays: rhythm });
  await registerSearch(app, { db, engine, content, contentDir: env.CONTENT_DIR, hooks });
  const quizzes = await registerQuizzes(app, {
    db,
    clock,
    content,
    hooks,
    // After a quiz is graded: its missed questions go to review, and today is a study day.
    followers: [
      { name: 'review', quizGraded: (event) => review.quizGraded(event) },
      { name: 'rhythm', quizGraded: (event) => rhythm.recordStudy(event.userId) },
    ],
  });
  const progress = await registerProgress(app, {
    ...base,
    content,
    hooks,
    studyDays: rhythm,
    quizzes,
  });
  await registerCourses(app, {
    content,
    clientDir: env.CLIENT_DIR,
    hooks,
    lessonOpened: [progress.recordLessonVisit, (userId) => rhythm.recordStudy(userId)],
  });
  await registerCertificates(app, { ...base, content, hooks, exercises: progress, quizzes });
  const expiring = expiringAuthRows(db);
  await registerPrivacy(app, {
    ...base,
    hooks,
    sessions,
    expiring,
    owners,
    farewell: mail.farewell,
  });

  await registerClientApp(app, { clientDir: env.CLIENT_DIR });
  // Last: every feature's jobs have stopped (preClose) and its onClose hooks have run.
  app.addHook('onClose', async () => {
    await db.destroy();
  });
  return app;
}

/**
 * The keeping-periods job on one database, for `npm run bench:scale` (scripts may not import a
 * feature, so its composition is reached through here).
 */
export function keepingPeriodsJob(deps: { db: Db; clock: Clock; log: FastifyBaseLogger }) {
  return privacyJob({ ...deps, expiring: expiringAuthRows(deps.db), owners });
}
