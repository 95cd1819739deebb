import type { Registry } from 'prom-client';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { site } from '#shared/site.ts';
import type { Db } from '../../db/database.ts';
import type { Env } from '../../env.ts';
import type { Clock } from '../../platform/clock.ts';
import type { App } from '../../platform/fastify.ts';
import { scheduleJob } from '../../platform/jobs.ts';
import type { AccessHooks } from '../access/access.hooks.ts';
import { devMailRoutes } from './dev-mail.routes.ts';
import { createDevMail } from './dev-mail.service.ts';
import { createFarewellQueue, createReceiptQueue } from './mail.receipts.ts';
import { createReminders } from './mail.reminders.ts';
import { createMailSender } from './mail.sender.ts';
import {
  createFolderTransport,
  createSmtpTransport,
  type MailTransport,
} from './mail.transport.ts';
import { outboxMetrics } from './mail.metrics.ts';
import { createOutboxRepo } from './outbox.repo.ts';

/** The mail driver the environment asks for, and its folder for the development driver. */
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

type ReceiptQueue = ReturnType<typeof createReceiptQueue>;

export interface MailFeature {
  /** Billing queues the receipt inside its grant's transaction (mail.receipts.ts). */
  receipts: ReceiptQueue;
  /** The privacy feature queues the mail confirming a deletion inside its erasing transaction. */
  farewell: ReturnType<typeof createFarewellQueue>;
}

/** With mail off: nothing is queued. */
const noReceipts: ReceiptQueue = { queueReceipt: async () => undefined };
const noFarewell = { queueFarewell: async () => undefined };

/**
 * Outgoing mail (decision 0012): the receipt queue billing writes to inside its grant, the outbox
 * sender (every two seconds), the reminder job (hourly) and, with the development driver, the
 * development mail page. With MAIL_OFF=true nothing is queued or sent.
 */
export async function registerMail(
  app: App,
  deps: {
    db: Db;
    env: Env;
    clock: Clock;
    hooks: AccessHooks;
    /** Defaults to the driver the environment asks for. */
    transport?: MailTransport | undefined;
    /** The app's metrics registry (features/metrics). */
    metrics: Registry;
  },
): Promise<MailFeature> {
  const { env, db, clock } = deps;
  outboxMetrics(deps.metrics, db);
  if (env.mailDriver === 'off' && !deps.transport) {
    app.log.warn('mail is off (MAIL_OFF=true): no receipt or reminder will be sent');
    return { receipts: noReceipts, farewell: noFarewell };
  }
  const driver = mailFromEnv(env, clock);
  const transport = deps.transport ?? driver.transport;
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
  scheduleJob(app, {
    name: 'mail sender',
    run: sender.deliverDue,
    firstRunAfterMs: 1_000,
    everyMs: 2_000,
  });
  scheduleJob(app, {
    name: 'mail reminders',
    run: reminders.runOnce,
    firstRunAfterMs: 10 * 60_000,
    everyMs: 60 * 60_000,
  });
  if (transport.kind === 'dev') {
    await app.register(devMailRoutes, {
      devMail: createDevMail({ dir: driver.dir }),
      hooks: deps.hooks,
    });
  }
  // After the jobs have stopped (preClose), before the database closes.
  app.addHook('onClose', async () => transport.close());
  return {
    receipts: createReceiptQueue({ origin: env.origin, log: app.log }),
    farewell: createFarewellQueue({ origin: env.origin }),
  };
}
