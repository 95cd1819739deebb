import type { Clock } from '../../platform/clock.ts';
import type { AccessRepo, ActiveAccess } from './access.repo.ts';

/**
 * Whether a user's paid year is running. Checked on every request against the clock, so access
 * ends by itself when the date passes: no scheduled job is needed.
 */
export function createAccessService(deps: { repo: AccessRepo; clock: Clock }) {
  return {
    active(userId: string): Promise<ActiveAccess | undefined> {
      return deps.repo.findActive(userId, deps.clock.now().toISOString());
    },
  };
}
export type AccessService = ReturnType<typeof createAccessService>;
