import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { App } from '../../platform/fastify.ts';
import type { AccessHooks } from '../access/access.hooks.ts';
import { createRhythmRepo } from './rhythm.repo.ts';
import { rhythmRoutes } from './rhythm.routes.ts';
import { createRhythmService } from './rhythm.service.ts';

export interface RhythmFeature {
  /** Makes today a study day for this learner (a lesson opened, a quiz taken, a Check passed). */
  recordStudy(userId: string): Promise<void>;
}

/** The weekly rhythm (decision 0014): study days against a goal, in the learner's own time zone. */
export async function registerRhythm(
  app: App,
  deps: { db: Db; clock: Clock; hooks: AccessHooks },
): Promise<RhythmFeature> {
  const rhythm = createRhythmService({ repo: createRhythmRepo(deps.db), clock: deps.clock });
  await app.register(rhythmRoutes, { rhythm, hooks: deps.hooks });
  return { recordStudy: (userId) => rhythm.recordStudy(userId) };
}
