import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { site } from '#shared/site.ts';
import type { CourseContent } from './content/course-content.ts';
import type { Db, DbEngine } from './db/database.ts';
import type { Env } from './env.ts';
import { createAccessRepo } from './features/access/access.repo.ts';
import {
  createAccessHooks,
  documentAccessHooks,
  sessionSecurityScheme,
  type AccessHooks,
} from './features/access/access.hooks.ts';
import { accessRoutes } from './features/access/access.routes.ts';
import { createAccessService, type AccessService } from './features/access/access.service.ts';
import { createAuthRequestsRepo } from './features/auth/auth-requests.repo.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { createAuthService } from './features/auth/auth.service.ts';
import { createDevIdentity } from './features/auth/dev.identity.ts';
import { createGoogleIdentity } from './features/auth/google.identity.ts';
import type { IdentityProvider } from './features/auth/identity.ts';
import { createSessions } from './features/auth/sessions.ts';
import { createSessionsRepo } from './features/auth/sessions.repo.ts';
import { createUsersRepo } from './features/auth/users.repo.ts';
import { billingRoutes } from './features/billing/billing.routes.ts';
import { createCheckoutService } from './features/billing/checkout.service.ts';
import { demoCheckoutRoutes } from './features/billing/demo-checkout.routes.ts';
import { createDemoCheckout } from './features/billing/demo-checkout.service.ts';
import { createDemoPayments } from './features/billing/demo.payments.ts';
import { createGrants, type ReceiptQueue } from './features/billing/grants.service.ts';
import { devMailRoutes } from './features/mail/dev-mail.routes.ts';
import { createDevMail } from './features/mail/dev-mail.service.ts';
import { createReceiptQueue } from './features/mail/mail.receipts.ts';
import { createReminders } from './features/mail/mail.reminders.ts';
import { scheduleMailJob } from './features/mail/mail.schedule.ts';
import { createMailSender } from './features/mail/mail.sender.ts';
import {
  createFolderTransport,
  createSmtpTransport,
  type MailTransport,
} from './features/mail/mail.transport.ts';
import { createOutboxRepo } from './features/mail/outbox.repo.ts';
import { createOrdersRepo } from './features/billing/orders.repo.ts';
import { codeHistoryRoutes } from './features/progress/code-history.routes.ts';
import { createCodeHistoryRepo } from './features/progress/code-history.repo.ts';
import { createCodeHistoryService } from './features/progress/code-history.service.ts';
import { createReviewRepo } from './features/review/review.repo.ts';
import { reviewRoutes } from './features/review/review.routes.ts';
import { createReviewService } from './features/review/review.service.ts';
import { createRhythmRepo } from './features/rhythm/rhythm.repo.ts';
import { rhythmRoutes } from './features/rhythm/rhythm.routes.ts';
import { createRhythmService } from './features/rhythm/rhythm.service.ts';
import { readGlossary, searchDocuments } from './features/search/search.documents.ts';
import { createSearchRepo } from './features/search/search.repo.ts';
import { searchRoutes } from './features/search/search.routes.ts';
import { createSearchService } from './features/search/search.service.ts';
import type { PaymentsDriver } from './features/billing/payments.ts';
import { createStripePayments } from './features/billing/stripe.payments.ts';
import { createCertificatePage } from './features/certificates/certificate.page.ts';
import { createCertificatesRepo } from './features/certificates/certificates.repo.ts';
import { certificatesRoutes } from './features/certificates/certificates.routes.ts';
import {
  createCertificatesService,
  type QuizBestScores,
} from './features/certificates/certificates.service.ts';
import { coursesRoutes } from './features/courses/courses.routes.ts';
import { loadLessonPage } from './features/courses/lesson.page.ts';
import { createLessonSerializer } from './features/courses/lessons.serializer.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { createRetentionRepo } from './features/privacy/retention.repo.ts';
import { scheduleRetention } from './features/privacy/retention.schedule.ts';
import {
  createRetentionService,
  type RetentionService,
} from './features/privacy/retention.service.ts';
import { createExerciseChecker } from './features/progress/exercise-checks.ts';
import { createExerciseProgressRepo } from './features/progress/exercise-progress.repo.ts';
import { exerciseProgressRoutes } from './features/progress/exercise-progress.routes.ts';
import { createExerciseProgressService } from './features/progress/exercise-progress.service.ts';
import { createProgressRepo } from './features/progress/progress.repo.ts';
import { progressRoutes } from './features/progress/progress.routes.ts';
import { createProgressService } from './features/progress/progress.service.ts';
import { createAttemptsRepo } from './features/quizzes/attempts.repo.ts';
import { createQuizService } from './features/quizzes/quiz.service.ts';
import { createQuizSerializers } from './features/quizzes/quizzes.serializers.ts';
import { quizzesRoutes } from './features/quizzes/quizzes.routes.ts';
import { answerClientError } from './platform/client-errors.ts';
import { registerClientApp } from './platform/client-app.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { AppError, errorBody } from './platform/errors.ts';
import type { App } from './platform/fastify.ts';
import { registerLoopbackAlias } from './platform/loopback-alias.ts';
import { registerOriginCheck } from './platform/origin-check.ts';
import { NodePyodideRunner } from './python/pyodide-runner.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';

export type { App };

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
}

/** What every feature's wiring below gets: the app, its settings and the shared pieces. */
interface Wiring {
  app: App;
  deps: AppDeps;
  clock: Clock;
  access: AccessService;
  hooks: AccessHooks;
}

/** The payments driver the environment asks for. */
export function paymentsFromEnv(env: Env, db: Db): PaymentsDriver {
  if (env.paymentsDriver === 'demo') return createDemoPayments({ orders: createOrdersRepo(db) });
  return createStripePayments({
    secretKey: env.STRIPE_SECRET_KEY ?? '',
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    priceId: env.STRIPE_PRICE_ID,
  });
}

/** The identity driver the environment asks for. */
export function identityFromEnv(env: Env): IdentityProvider {
  if (env.identityDriver === 'dev') return createDevIdentity();
  return createGoogleIdentity({
    issuer: env.GOOGLE_ISSUER,
    clientId: env.GOOGLE_CLIENT_ID ?? '',
    clientSecret: env.GOOGLE_CLIENT_SECRET ?? '',
    allowInsecureIssuer: env.NODE_ENV !== 'production' && env.GOOGLE_ISSUER.startsWith('http://'),
  });
}

/** The mail driver the environment asks for ('off' has none), and its folder for the dev driver. */
export function mailFromEnv(env: Env, clock: Clock): { transport: MailTransport; dir: string } {
  // Test apps each get their own folder, so no test writes into the project's data/.
  const dir =
    env.MAIL_DEV_DIR ??
    (env.NODE_ENV === 'test' ? mkdtempSync(join(tmpdir(), 'indent-mail-')) : 'data/mail');
  if (env.mailDriver !== 'smtp') return { transport: createFolderTransport(dir, clock.now), dir };
  const transport = createSmtpTransport({
    host: env.SMTP_HOST ?? '',
    port: env.SMTP_PORT,
    user: env.SMTP_USER,
    password: env.SMTP_PASSWORD,
  });
  return { transport, dir };
}

/** Everything is wired here, so each test can build a fresh app on a fresh database. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { env, db } = deps;
  const clock = deps.clock ?? systemClock;
  const app = await createHttpApp(deps);
  const secureCookies = env.NODE_ENV === 'production';
  const sessions = createSessions({ repo: createSessionsRepo(db), clock, secureCookies });
  const access = createAccessService({ repo: createAccessRepo(db), clock });
  const hooks = createAccessHooks({ sessions, access });
  documentAccessHooks(app, hooks);
  const wiring: Wiring = { app, deps, clock, access, hooks };

  await app.register(healthRoutes, { db, engine: deps.engine, clock });
  await app.register(authRoutes, {
    auth: createAuthService({
      identity: deps.identity ?? identityFromEnv(env),
      users: createUsersRepo(db),
      authRequests: createAuthRequestsRepo(db),
      clock,
      redirectUri: `${env.origin}/login`,
    }),
    sessions,
    subscriptionIdOf: async (userId) => (await access.active(userId))?.providerSessionId,
    secureCookies,
  });
  await app.register(accessRoutes, { access, hooks });
  const receipts = await wireMail(wiring);
  await wireBilling(wiring, receipts);
  await wireLearning(wiring);
  await registerClientApp(app, { clientDir: env.CLIENT_DIR });
  const retention = scheduleRetention(app, {
    retention: keepingPeriodsJob({ db, clock, log: app.log }),
    firstRunAfterMs: 10 * 60_000,
    everyMs: 6 * 60 * 60_000,
  });
  app.addHook('onClose', async () => {
    await retention.stop();
    await db.destroy();
  });
  return app;
}

/**
 * The keeping-periods job (features/privacy) on one database: what the privacy policy says we stop
 * keeping. buildApp runs it on a schedule; `npm run bench:scale` times one run of it (scripts may
 * not import a feature, so its composition lives here).
 */
export function keepingPeriodsJob(deps: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
}): RetentionService {
  return createRetentionService({
    repo: createRetentionRepo(deps.db),
    sessions: createSessionsRepo(deps.db),
    authRequests: createAuthRequestsRepo(deps.db),
    clock: deps.clock,
    log: deps.log,
  });
}

/** Fastify with the generic platform: errors, headers, cookies, rate limits, CSRF check, API docs. */
async function createHttpApp(deps: AppDeps): Promise<App> {
  const { env } = deps;
  const production = env.NODE_ENV === 'production';
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    // Lets SIGTERM finish in-flight requests while idle keep-alive sockets close at once.
    forceCloseConnections: 'idle',
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  if (env.NODE_ENV === 'development') registerLoopbackAlias(app, { origin: env.origin });
  registerSecurityHeaders(app, { production, advertising: Boolean(env.ADS_CONVERSION_ID) });
  await app.register(cookie);
  const redis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 })
    : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'indent-rate-limit-' } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        429,
        'rate_limited',
        `Too many attempts. Please wait ${context.after} and try again.`,
      ),
  });
  registerOriginCheck(app, { origin: env.origin, exemptPaths: ['/api/stripe/webhook'] });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Indent API',
        version: '1.0.0',
        description: 'The API behind the Indent course.',
      },
      components: { securitySchemes: sessionSecurityScheme },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  return app;
}

/**
 * Outgoing mail: the receipt queue billing writes to inside its grant, the outbox sender (every two
 * seconds), the reminder job (hourly, like the keeping-periods job) and, with the development
 * driver, the development mail page. With MAIL_OFF=true nothing is queued or sent.
 */
async function wireMail({ app, deps, clock, hooks }: Wiring): Promise<ReceiptQueue> {
  const { env, db } = deps;
  const receipts = createReceiptQueue({ origin: env.origin, log: app.log });
  if (env.mailDriver === 'off' && !deps.mailTransport) {
    app.log.warn('mail is off (MAIL_OFF=true): no receipt or reminder will be sent');
    return { queueReceipt: async () => undefined };
  }
  const driver = mailFromEnv(env, clock);
  const transport = deps.mailTransport ?? driver.transport;
  const repo = createOutboxRepo(db);
  const sender = createMailSender({
    repo,
    transport,
    from: env.MAIL_FROM ?? `${site.productName} <${site.contactEmail}>`,
    messageIdDomain: new URL(env.origin).hostname,
    clock,
    log: app.log,
  });
  const reminders = createReminders({ repo, clock, origin: env.origin, log: app.log });
  const jobs = [
    scheduleMailJob(app, {
      name: 'sender',
      run: sender.deliverDue,
      firstRunAfterMs: 1_000,
      everyMs: 2_000,
    }),
    scheduleMailJob(app, {
      name: 'reminders',
      run: reminders.runOnce,
      firstRunAfterMs: 10 * 60_000,
      everyMs: 60 * 60_000,
    }),
  ];
  if (transport.kind === 'dev') {
    await app.register(devMailRoutes, { devMail: createDevMail({ dir: driver.dir }), hooks });
  }
  // preClose runs before every onClose hook, so no pass is left running when the database closes.
  app.addHook('preClose', async () => {
    await Promise.all(jobs.map((job) => job.stop()));
    transport.close();
  });
  return receipts;
}

/** Checkout, the provider's webhooks, and (with the demo driver only) the demo checkout page. */
async function wireBilling(
  { app, deps, clock, access, hooks }: Wiring,
  receipts: ReceiptQueue,
): Promise<void> {
  const { env, db } = deps;
  const payments = deps.payments ?? paymentsFromEnv(env, db);
  const orders = createOrdersRepo(db);
  const grants = createGrants({
    payments,
    orders,
    clock,
    log: app.log,
    onAccessRevoked: (userId) => access.revoked(userId),
    receipts,
  });
  const checkout = createCheckoutService({
    payments,
    orders,
    grants,
    activeAccessOf: access.active,
    clock,
    origin: env.origin,
    adsConversionId: env.ADS_CONVERSION_ID,
    log: app.log,
  });
  await app.register(billingRoutes, { checkout, grants, hooks });
  if (payments.kind === 'demo') {
    const demo = createDemoCheckout({ orders, grants, activeAccessOf: access.active });
    await app.register(demoCheckoutRoutes, { demo, hooks });
  }
}

/**
 * Issue 20 (decision 0014): the review queue, the weekly rhythm, course search (its index rebuilt
 * from the content here) and code history. Returns what quizzes and lessons tell them.
 */
async function wireHabits(wiring: Wiring, isExercise: (exerciseId: string) => boolean) {
  const { app, deps, clock, hooks } = wiring;
  const { db, content } = deps;
  const rhythm = createRhythmService({ repo: createRhythmRepo(db), clock });
  const review = createReviewService({
    content,
    repo: createReviewRepo(db),
    clock,
    studyDays: rhythm,
  });
  const searchRepo = createSearchRepo(db, deps.engine);
  const glossary = readGlossary(deps.env.CONTENT_DIR);
  if (glossary === undefined) app.log.warn('no GLOSSARY.md in CONTENT_DIR: search leaves it out');
  await searchRepo.rebuild(searchDocuments(content, glossary ?? ''));
  const history = createCodeHistoryService({
    repo: createCodeHistoryRepo(db),
    clock,
    isExercise,
    studyDays: rhythm,
  });
  await app.register(reviewRoutes, { review, hooks });
  await app.register(rhythmRoutes, { rhythm, hooks });
  await app.register(searchRoutes, { search: createSearchService({ repo: searchRepo }), hooks });
  await app.register(codeHistoryRoutes, { history, hooks });
  return {
    studied: (userId: string) => rhythm.recordStudy(userId),
    quizGraded: async (event: { userId: string; quizId: string; missed: readonly number[] }) => {
      await review.enqueueMissed(event.userId, event.quizId, event.missed);
      await rhythm.recordStudy(event.userId);
    },
  };
}

/** Lessons, quizzes and progress: what a subscriber uses every day. */
async function wireLearning(wiring: Wiring): Promise<void> {
  const { app, deps, clock, hooks } = wiring;
  const { db, content } = deps;
  const courseExerciseIds = new Set([...content.exerciseIds.values()].flat());
  const habits = await wireHabits(wiring, (id) => courseExerciseIds.has(id));
  await app.register(exerciseProgressRoutes, {
    progress: createExerciseProgressService({
      repo: createExerciseProgressRepo(db),
      clock,
      isExercise: (id) => courseExerciseIds.has(id),
      checker: wireChecks({ app, deps }),
    }),
    hooks,
  });
  const attempts = createAttemptsRepo(db);
  const progress = createProgressService({
    content,
    repo: createProgressRepo(db),
    attempts,
    clock,
  });
  await app.register(coursesRoutes, {
    content,
    hooks,
    recordLessonVisit: async (userId, moduleNumber) => {
      await progress.recordLessonVisit(userId, moduleNumber);
      await habits.studied(userId);
    },
    serializer: createLessonSerializer(),
    lessonPage: await loadLessonPage(deps.env.CLIENT_DIR),
  });
  await app.register(quizzesRoutes, {
    quizzes: createQuizService({ content, attempts, clock, onGraded: habits.quizGraded }),
    serializers: createQuizSerializers(content),
    hooks,
  });
  await app.register(progressRoutes, { progress, hooks });
  await wireCertificates({ app, deps, clock, hooks }, attempts);
}

/**
 * Server-side exercise checks (issue 21): a pool of sandboxed Pyodide processes, started on the first
 * claim, each run limited in time and memory. Closed with the app.
 */
function wireChecks({ app, deps }: Pick<Wiring, 'app' | 'deps'>) {
  const { env, content } = deps;
  const runner = new NodePyodideRunner({
    size: env.PYTHON_CHECK_WORKERS,
    wasmMemoryMb: env.PYTHON_CHECK_MEMORY_MB,
    // The harness keeps output in Python memory; the JS side holds one reply at a time.
    jsHeapMb: 128 + env.PYTHON_CHECK_MEMORY_MB,
    timeoutMs: env.PYTHON_CHECK_TIMEOUT_MS,
  });
  app.addHook('onClose', async () => runner.close());
  const checks = new Map(
    [...content.lessons.values()].flatMap((lesson) =>
      lesson.exercises.map((exercise) => [exercise.id, exercise.check] as const),
    ),
  );
  return createExerciseChecker({
    runner,
    checks,
    timeoutMs: env.PYTHON_CHECK_TIMEOUT_MS,
    maxQueued: 20 * env.PYTHON_CHECK_WORKERS,
  });
}

/** Certificates of completion: progress and quiz scores reach them through narrow interfaces. */
async function wireCertificates(
  { app, deps, clock, hooks }: Omit<Wiring, 'access'>,
  quizzes: QuizBestScores,
) {
  const { db, content, env } = deps;
  const lessons = [...content.lessons.values()];
  const certificates = createCertificatesService({
    repo: createCertificatesRepo(db),
    exercises: createExerciseProgressRepo(db),
    quizzes,
    course: {
      modules: content.modules.map((m) => ({ number: m.number, title: m.title })),
      exercises: lessons.flatMap((lesson) =>
        lesson.exercises.map((e) => ({ id: e.id, module: lesson.module.number, title: e.title })),
      ),
      quizzes: content.quizList.map((q) => ({ id: q._id, title: q.title })),
    },
    clock,
    origin: env.origin,
  });
  const page = createCertificatePage({ clientDir: env.CLIENT_DIR });
  await app.register(certificatesRoutes, { certificates, page, hooks });
}

function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return reply.status(error.statusCode).send(errorBody(error.code, error.message));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const context = error.validationContext ?? 'request';
    const where = first?.instancePath
      ? `${context}${first.instancePath.replaceAll('/', '.')}`
      : context;
    const detail = first?.message ?? 'it does not match the expected shape';
    return reply.status(400).send(errorBody('validation_failed', `Invalid ${where}: ${detail}.`));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const codes: Record<number, string> = {
      413: 'payload_too_large',
      415: 'unsupported_media_type',
      429: 'rate_limited',
    };
    return reply.status(status).send(errorBody(codes[status] ?? 'bad_request', error.message));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply
    .status(500)
    .send(
      errorBody(
        'internal_error',
        'Something went wrong on our side. Please try again in a moment.',
      ),
    );
}
