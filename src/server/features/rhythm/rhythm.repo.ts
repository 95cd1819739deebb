import type { Db } from '../../db/database.ts';

/** The weekly rhythm's tables: rhythm_settings (goal, zone) and study_days. */
export function createRhythmRepo(db: Db) {
  return {
    async settings(userId: string) {
      const row = await db
        .selectFrom('rhythm_settings')
        .select(['goal_days', 'time_zone'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? { goalDays: Number(row.goal_days), timeZone: row.time_zone } : undefined;
    },

    async saveSettings(
      userId: string,
      settings: { goalDays: number; timeZone: string },
      now: string,
    ): Promise<void> {
      await db
        .insertInto('rhythm_settings')
        .values({
          user_id: userId,
          goal_days: settings.goalDays,
          time_zone: settings.timeZone,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            goal_days: settings.goalDays,
            time_zone: settings.timeZone,
            updated_at: now,
          }),
        )
        .execute();
    },

    /** Marks a day as studied; the first activity of the day inserts, the rest change nothing. */
    async addStudyDay(userId: string, day: string, at: string): Promise<void> {
      await db
        .insertInto('study_days')
        .values({ user_id: userId, day, first_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
        .execute();
    },

    /** The learner's study days from `since` (YYYY-MM-DD) on, newest first. */
    async studyDaysSince(userId: string, since: string): Promise<string[]> {
      const rows = await db
        .selectFrom('study_days')
        .select('day')
        .where('user_id', '=', userId)
        .where('day', '>=', since)
        .orderBy('day', 'desc')
        .execute();
      return rows.map((r) => r.day);
    },
  };
}
export type RhythmRepo = ReturnType<typeof createRhythmRepo>;
