import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { App } from '../../platform/fastify.ts';
import { scheduleJob } from '../../platform/jobs.ts';
import type { PersonalDataOwner } from '../../platform/personal-data.ts';
import type { AccessHooks } from '../access/access.hooks.ts';
import type { Sessions } from '../auth/sessions.ts';
import { accountRoutes, type FarewellQueue } from './account.routes.ts';
import { createPersonalData } from './personal-data.service.ts';
import { createRetentionRepo } from './retention.repo.ts';
import {
  createRetentionService,
  type ExpiringRows,
  type RetentionService,
} from './retention.service.ts';

export interface PrivacyDeps {
  db: Db;
  clock: Clock;
  /** Rows the auth feature keeps until a date: sessions and sign-in attempts. */
  expiring: { sessions: ExpiringRows; authRequests: ExpiringRows };
  /** Every feature's declaration of the personal data it keeps (src/server/personal-data.ts). */
  owners: readonly PersonalDataOwner[];
}

/** The keeping-periods job on one database: what the privacy policy says we stop keeping. */
export function keepingPeriodsJob(
  deps: PrivacyDeps & { log: FastifyBaseLogger },
): RetentionService {
  return createRetentionService({
    repo: createRetentionRepo(deps.db, createPersonalData(deps.owners)),
    ...deps.expiring,
    clock: deps.clock,
    log: deps.log,
  });
}

/**
 * The privacy policy's keeping periods, applied by every instance every 6 hours, and the learner's
 * own export, sign-out elsewhere and deletion (decision 0027).
 */
export async function registerPrivacy(
  app: App,
  deps: PrivacyDeps & { hooks: AccessHooks; sessions: Sessions; farewell: FarewellQueue },
): Promise<void> {
  await app.register(accountRoutes, {
    ...deps,
    personalData: createPersonalData(deps.owners),
  });
  const retention = keepingPeriodsJob({ ...deps, log: app.log });
  scheduleJob(app, {
    name: 'retention',
    run: () => retention.runOnce(),
    firstRunAfterMs: 10 * 60_000,
    everyMs: 6 * 60 * 60_000,
  });
}
