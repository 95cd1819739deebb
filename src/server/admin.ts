import { userInfo } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { site } from '#shared/site.ts';
import { paymentsFromEnv } from './app.ts';
import { loadCourseContent, type CourseContent } from './content/course-content.ts';
import { runBackupCommand } from './db/backup.ts';
import type { Db } from './db/database.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { loadEnv, type Env } from './env.ts';
import { runAdmin, type AdminIo } from './features/admin/admin.cli.ts';
import { AdminInputError } from './features/admin/admin.errors.ts';
import type { AdminDeps, CourseOutline, RefundGateway } from './features/admin/admin.ports.ts';
import { createAuditRepo } from './features/admin/audit.repo.ts';
import { createUsersRepo } from './features/auth/users.repo.ts';
import { createGrants, type Grants } from './features/billing/grants.service.ts';
import { createOrdersRepo } from './features/billing/orders.repo.ts';
import { createPromoCodesRepo } from './features/billing/promo-codes.ts';
import { RefundRefusedError, type PaymentsDriver } from './features/billing/payments.ts';
import { createOutboxRepo } from './features/mail/outbox.repo.ts';
import { createPersonalData } from './features/privacy/personal-data.service.ts';
import { createProgressRepo } from './features/progress/progress.repo.ts';
import { createAttemptHistory, createAttemptsRepo } from './features/quizzes/attempts.repo.ts';
import { personalDataOwners } from './personal-data.ts';
import { systemClock, type Clock } from './platform/clock.ts';

export type { AdminIo };

/*
 * The admin command's composition (issue 23, decision 0013): scripts/admin.ts may not import a
 * feature, so the pieces are put together here, like buildApp does for the server. The admin
 * feature reads and changes other features' tables only through the narrow interfaces it declares
 * (admin.ports.ts), satisfied here by those features' own repos and billing's grant code.
 */

export interface AdminCommandDeps {
  env: Env;
  db: Db;
  /** The course (only show, report and questions need it; loading takes about a second). */
  loadContent: () => Promise<CourseContent>;
  clock?: Clock;
  /** Defaults to the driver the environment asks for, like the server's. */
  payments?: PaymentsDriver;
  /** Defaults to the operating-system user running the command. */
  systemUser?: string;
  log?: FastifyBaseLogger;
}

/** The operating-system user, for the audit ('unknown' where the system cannot say). */
function currentSystemUser(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? process.env.USERNAME ?? 'unknown';
  }
}

function outline(content: CourseContent): CourseOutline {
  return {
    modules: content.modules.map((m) => ({ number: m.number, title: m.title })),
    exerciseIds: content.exerciseIds,
    quizzes: [...content.quizzes.values()],
  };
}

/** The payments driver's refund; a provider's no is bad input to the command (exit status 2). */
function refundGateway(payments: PaymentsDriver): RefundGateway {
  return {
    kind: payments.kind,
    async refund(params) {
      try {
        const { refundId, event } = await payments.refund(params);
        return { refundId, event: event?.type === 'charge.refunded' ? event : null };
      } catch (err) {
        if (err instanceof RefundRefusedError) throw new AdminInputError(err.message);
        throw err;
      }
    },
  };
}

/** Every dependency of the admin command, on one database. */
export function createAdminDeps(deps: AdminCommandDeps): AdminDeps {
  const { db, env } = deps;
  const clock = deps.clock ?? systemClock;
  const payments = deps.payments ?? paymentsFromEnv(env, db);
  // The command runs apart from the server, whose access memo forgets a revocation within a second
  // (ACCESS_RECHECK_MS); there is no memo in this process to tell.
  const onAccessRevoked = () => undefined;
  const grants: Grants = createGrants({
    payments,
    orders: createOrdersRepo(db),
    clock,
    log: deps.log ?? pino({ level: 'silent' }),
    onAccessRevoked,
    // The command confirms no payment, so it never reaches the grant that queues a receipt.
    receipts: { queueReceipt: () => Promise.resolve() },
  });
  const audit = createAuditRepo(db);
  const personalData = createPersonalData(personalDataOwners);
  let course: Promise<CourseOutline> | undefined;
  return {
    learners: createUsersRepo(db),
    orders: createOrdersRepo(db),
    learning: {
      ...createProgressRepo(db),
      ...createAttemptHistory(db),
      bestScores: createAttemptsRepo(db).bestScores,
    },
    mail: createOutboxRepo(db),
    personalData: { exportOf: (userId, at) => personalData.exportOf(db, userId, at) },
    payments: refundGateway(payments),
    promoCodes: createPromoCodesRepo(db),
    promotions: {
      ...(payments.createPromotion ? { create: payments.createPromotion.bind(payments) } : {}),
      ...(payments.endPromotion ? { end: payments.endPromotion.bind(payments) } : {}),
    },
    audit,
    transaction: (work) =>
      audit.transaction((trx) => {
        const orders = createOrdersRepo(trx);
        return work({
          orders,
          promoCodes: createPromoCodesRepo(trx),
          audit: createAuditRepo(trx),
          applyRefundEvent: (event) => grants.applyEventIn(orders, event),
          erase: async (userId, options) => {
            const account = await createUsersRepo(trx).findById(userId);
            if (!account || account.anonymized_at) return false;
            await personalData.erase(trx, [userId], options);
            return true;
          },
        });
      }),
    onAccessRevoked,
    course: () => (course ??= deps.loadContent().then(outline)),
    clock,
    systemUser: deps.systemUser ?? currentSystemUser(),
    currency: site.currency,
    priceCents: site.priceCents,
  };
}

/** Runs one admin command on the given database; answers the exit status. */
export function runAdminCommand(
  argv: readonly string[],
  deps: AdminCommandDeps,
  io: AdminIo,
): Promise<number> {
  return runAdmin(argv, createAdminDeps(deps), io);
}

/**
 * `npm run admin`: the environment's database (migrated first, as the server does at start) and
 * course. Answers the exit status.
 */
export async function runAdminFromEnv(argv: readonly string[], io: AdminIo): Promise<number> {
  const env = loadEnv();
  // Backup and restore work on the file itself: the database is neither opened nor migrated here.
  if (argv[0] === 'backup' || argv[0] === 'restore') {
    return runBackupCommand(argv, env.DATABASE_URL, io);
  }
  const { db } = openDatabase(env.DATABASE_URL);
  try {
    await migrateToLatest(db);
    return await runAdminCommand(
      argv,
      { env, db, loadContent: () => loadCourseContent(env.CONTENT_DIR) },
      io,
    );
  } finally {
    await db.destroy();
  }
}
