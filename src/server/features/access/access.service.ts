import type { Clock } from '../../platform/clock.ts';
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
     * yes may be up to ACCESS_RECHECK_MS old, so busy pages do not read the orders on every call.
     */
    async activeRecently(userId: string): Promise<ActiveAccess | undefined> {
      const remembered = confirmed.get(userId);
      if (remembered) return remembered;
      const found = await active(userId);
      if (found) confirmed.set(userId, found, new Date(found.accessEndsAt));
      return found;
    },

    /** A yes that `activeRecently` would give without reading the orders; otherwise undefined. */
    rememberedNow(userId: string): ActiveAccess | undefined {
      return confirmed.get(userId);
    },

    /** Access was taken away (refund, dispute): the next guard check reads the orders again. */
    forget(userId: string): void {
      confirmed.delete(userId);
    },
  };
}
export type AccessService = ReturnType<typeof createAccessService>;
