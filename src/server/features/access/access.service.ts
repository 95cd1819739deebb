import type { Clock } from '../../platform/clock.ts';
import type { MaybePromise } from '../../platform/maybe-promise.ts';
import { createRecentCache } from '../../platform/recent-cache.ts';
import type { AccessRepo, ActiveAccess } from './access.repo.ts';

/** How long a guard may rely on a confirmed active access before reading the orders again. */
export const ACCESS_RECHECK_MS = 1_000;

/**
 * Whether a user's paid year is running. Checked against the clock, so access ends by itself when
 * the date passes: no scheduled job is needed.
 */
export function createAccessService(deps: { repo: AccessRepo; clock: Clock }) {
  // Only a yes is remembered: someone who has just paid is never turned away by a stale no
  // (decision 0009). A remembered yes ends with the access itself.
  const confirmed = createRecentCache<string, ActiveAccess>({
    clock: deps.clock,
    ttlMs: ACCESS_RECHECK_MS,
    maxEntries: 50_000,
  });

  function active(userId: string): Promise<ActiveAccess | undefined> {
    return deps.repo.findActive(userId, deps.clock.now().toISOString());
  }

  return {
    /** Read from the orders now: for decisions about buying and for account pages. */
    active,

    /**
     * For the guard in front of every course request: the same answer as `active`, except that a
     * yes may be up to ACCESS_RECHECK_MS old (and then comes without a promise).
     */
    recent(userId: string): MaybePromise<ActiveAccess | undefined> {
      return confirmed.lookup(
        userId,
        () => active(userId),
        (access) => new Date(access.accessEndsAt),
      );
    },

    /**
     * Access was taken away (refund, dispute, an admin's revoke), and the change has committed: the
     * next guard check reads the orders again. The one notification other features send here.
     */
    revoked(userId: string): void {
      confirmed.delete(userId);
    },
  };
}
export type AccessService = ReturnType<typeof createAccessService>;
