import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { RetentionRepo } from './retention.repo.ts';

/** The keeping periods the privacy policy states (content/legal/privacy.md, "How long we keep it"). */
export const RETENTION = {
  /**
   * Account, progress, scores and saved code: this long after access ends. The policy does not
   * speak of accounts that never bought access; they are kept this long after their last sign-in.
   */
  inactiveAccountMonths: 12,
  /** Order and payment records: this long after the purchase (tax and accounting). */
  orderYears: 7,
} as const;

/**
 * Rows another feature owns that end by a date: sessions and sign-in attempts (the auth feature's
 * tables, wired in buildApp). Returns how many were deleted.
 */
export interface ExpiringRows {
  deleteExpired(now: string): Promise<number>;
}

export interface RetentionReport {
  sessions: number;
  authRequests: number;
  accounts: number;
  orders: number;
  events: number;
}

function monthsBefore(date: Date, months: number): Date {
  const earlier = new Date(date);
  earlier.setUTCMonth(earlier.getUTCMonth() - months);
  return earlier;
}

/**
 * Deletes what the privacy policy says we stop keeping. Every step is a set-based statement that
 * changes nothing when run twice, so every instance may run it on its own schedule.
 */
export function createRetentionService(deps: {
  repo: RetentionRepo;
  sessions: ExpiringRows;
  authRequests: ExpiringRows;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  return {
    async runOnce(): Promise<RetentionReport> {
      const now = deps.clock.now();
      const nowIso = now.toISOString();
      const sessions = await deps.sessions.deleteExpired(nowIso);
      const authRequests = await deps.authRequests.deleteExpired(nowIso);
      const inactive = await deps.repo.inactiveAccounts(
        monthsBefore(now, RETENTION.inactiveAccountMonths).toISOString(),
        nowIso,
      );
      await deps.repo.anonymize(inactive, nowIso);
      const { orders, events } = await deps.repo.deleteOrdersBefore(
        monthsBefore(now, RETENTION.orderYears * 12).toISOString(),
      );
      const report = { sessions, authRequests, accounts: inactive.length, orders, events };
      if (Object.values(report).some((n) => n > 0)) {
        deps.log.info({ retention: report }, 'retention: removed data past its keeping period');
      }
      return report;
    },
  };
}
export type RetentionService = ReturnType<typeof createRetentionService>;
