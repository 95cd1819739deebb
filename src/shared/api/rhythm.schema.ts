import { z } from 'zod';

/*
 * The weekly rhythm (issue 20): a goal of 1 to 7 study days a week, in the learner's own IANA time
 * zone. A study day is a day with a lesson opened, an exercise solved, or a quiz or review answered.
 * Weeks start on Monday.
 */

export const DEFAULT_GOAL_DAYS = 3;

export const rhythmUserParamsSchema = z.object({ userId: z.string().min(1).max(255) });

/** PUT /api/user/:userId/rhythm: either or both. The zone is checked against the server's list. */
export const rhythmSettingsBodySchema = z
  .object({
    goalDays: z.number().int().min(1, 'must be 1 to 7').max(7, 'must be 1 to 7').optional(),
    timeZone: z.string().min(1, 'is missing').max(64, 'is too long').optional(),
  })
  .refine((body) => body.goalDays !== undefined || body.timeZone !== undefined, {
    message: 'needs goalDays or timeZone',
  });
export type RhythmSettingsBody = z.infer<typeof rhythmSettingsBodySchema>;

export const rhythmDaySchema = z.object({
  /** YYYY-MM-DD in the learner's time zone. */
  date: z.string(),
  studied: z.boolean(),
});

/** GET and PUT /api/user/:userId/rhythm */
export const rhythmReplySchema = z.object({
  goalDays: z.number().int().min(1).max(7),
  timeZone: z.string(),
  /** False until the learner (or their browser) has chosen a zone; UTC is used meanwhile. */
  timeZoneSet: z.boolean(),
  /** Monday to Sunday of this week, in the learner's zone. */
  days: z.array(rhythmDaySchema).length(7),
  today: z.string(),
  studiedThisWeek: z.number().int().min(0).max(7),
  /** Weeks in a row that met the goal: the finished ones up to last week, and this one once it has. */
  streakWeeks: z.number().int().min(0),
});
export type RhythmReply = z.infer<typeof rhythmReplySchema>;
