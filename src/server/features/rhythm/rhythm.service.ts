import {
  DEFAULT_GOAL_DAYS,
  type RhythmReply,
  type RhythmSettingsBody,
} from '#shared/api/rhythm.schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest } from '../../platform/errors.ts';
import { addCalendarDays, canonicalTimeZone, localDay, mondayOf } from './calendar.ts';
import type { RhythmRepo } from './rhythm.repo.ts';

/** The zone used until the learner's browser has told us theirs. */
const FALLBACK_ZONE = 'UTC';

/** How far back a streak is counted: two years of weeks is more than any course run. */
const STREAK_WEEKS_LIMIT = 104;

/** Weeks in a row, ending last week (or this week once it has met the goal), that met the goal. */
export function streakOf(studyDays: readonly string[], thisMonday: string, goal: number): number {
  const perWeek = new Map<string, number>();
  for (const day of studyDays) {
    const monday = mondayOf(day);
    perWeek.set(monday, (perWeek.get(monday) ?? 0) + 1);
  }
  const met = (monday: string) => (perWeek.get(monday) ?? 0) >= goal;
  // This week still has days to come: not meeting the goal yet does not break the streak.
  let week = met(thisMonday) ? thisMonday : addCalendarDays(thisMonday, -7);
  let streak = 0;
  while (streak < STREAK_WEEKS_LIMIT && met(week)) {
    streak++;
    week = addCalendarDays(week, -7);
  }
  return streak;
}

/** How long this instance trusts that it already stored a learner's study day and zone. */
const RECORDED_MEMO_MS = 60_000;
const RECORDED_MEMO_SIZE = 10_000;

export function createRhythmService(deps: { repo: RhythmRepo; clock: Clock }) {
  const { repo, clock } = deps;
  // Every quiz, review answer, passing Check and lesson opened records a study day; all but the
  // first of a day change nothing, so this instance remembers for a minute that it stored today
  // (and in which zone) and skips the two queries. A zone changed on another instance is seen
  // within that minute.
  const recorded = new Map<string, { zone: string; day: string; at: number }>();

  async function settingsOf(userId: string) {
    const saved = await repo.settings(userId);
    return {
      goalDays: saved?.goalDays ?? DEFAULT_GOAL_DAYS,
      timeZone: saved?.timeZone ?? FALLBACK_ZONE,
      timeZoneSet: saved !== undefined,
    };
  }

  async function summary(userId: string): Promise<RhythmReply> {
    const settings = await settingsOf(userId);
    const today = localDay(clock.now(), settings.timeZone);
    const monday = mondayOf(today);
    const since = addCalendarDays(monday, -7 * STREAK_WEEKS_LIMIT);
    const studied = await repo.studyDaysSince(userId, since);
    const studiedSet = new Set(studied);
    const days = Array.from({ length: 7 }, (_, i) => {
      const date = addCalendarDays(monday, i);
      return { date, studied: studiedSet.has(date) };
    });
    return {
      ...settings,
      days,
      today,
      studiedThisWeek: days.filter((d) => d.studied).length,
      streakWeeks: streakOf(studied, monday, settings.goalDays),
    };
  }

  return {
    summary,

    /** Makes today (in the learner's zone) a study day: a lesson, a solved exercise, a quiz, a review. */
    async recordStudy(userId: string): Promise<void> {
      const now = clock.now();
      const memo = recorded.get(userId);
      const fresh = memo && Math.abs(now.getTime() - memo.at) < RECORDED_MEMO_MS;
      if (memo && fresh && localDay(now, memo.zone) === memo.day) return;
      const { timeZone } = await settingsOf(userId);
      const day = localDay(now, timeZone);
      await repo.addStudyDay(userId, day, now.toISOString());
      if (recorded.size >= RECORDED_MEMO_SIZE) recorded.clear();
      recorded.set(userId, { zone: timeZone, day, at: now.getTime() });
    },

    async update(userId: string, body: RhythmSettingsBody): Promise<RhythmReply> {
      const current = await settingsOf(userId);
      let timeZone = current.timeZone;
      if (body.timeZone !== undefined) {
        const canonical = canonicalTimeZone(body.timeZone);
        if (!canonical) {
          throw badRequest(
            `"${body.timeZone}" is not a time zone we know. Send an IANA name such as Europe/Berlin.`,
            'unknown_time_zone',
          );
        }
        timeZone = canonical;
      }
      const goalDays = body.goalDays ?? current.goalDays;
      await repo.saveSettings(userId, { goalDays, timeZone }, clock.now().toISOString());
      // Today in the new zone may be another day: the next activity records it afresh.
      recorded.delete(userId);
      return summary(userId);
    },
  };
}
export type RhythmService = ReturnType<typeof createRhythmService>;
