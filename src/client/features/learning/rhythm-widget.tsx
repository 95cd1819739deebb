import { useEffect, useId, useRef } from 'react';
import { useRhythm, useSaveRhythm } from './learning-api.ts';
import styles from './learning.module.css';

const browserZone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
};

const weekdayOf = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString(undefined, {
    weekday: 'short',
    timeZone: 'UTC',
  });

/**
 * This week's study days, the weekly goal (1 to 7 days, changed here) and the streak of weeks that
 * met it. The browser's time zone is sent once when it differs from the one the server keeps.
 */
export function RhythmWidget() {
  const rhythm = useRhythm();
  const save = useSaveRhythm();
  const goalId = useId();
  const sentZone = useRef(false);

  useEffect(() => {
    const zone = browserZone();
    if (!rhythm.data || !zone || sentZone.current) return;
    if (!rhythm.data.timeZoneSet || rhythm.data.timeZone !== zone) {
      sentZone.current = true;
      save.mutate({ timeZone: zone });
    }
  }, [rhythm.data, save]);

  if (!rhythm.data) return null;
  const { days, goalDays, studiedThisWeek, streakWeeks, today } = rhythm.data;
  return (
    <section className={styles.widget} aria-labelledby="rhythm-widget-title">
      <h2 id="rhythm-widget-title" className={styles.widgetTitle}>
        This week: {studiedThisWeek} of {goalDays} study {goalDays === 1 ? 'day' : 'days'}
      </h2>
      <ol className={styles.week} aria-label="Days of this week">
        {days.map((day) => (
          <li
            key={day.date}
            className={[styles.day, day.studied ? styles.studied : ''].join(' ')}
            aria-current={day.date === today ? 'date' : undefined}
          >
            <span aria-hidden="true">{weekdayOf(day.date)}</span>
            <span className="visually-hidden">
              {new Date(`${day.date}T12:00:00Z`).toLocaleDateString(undefined, {
                weekday: 'long',
                timeZone: 'UTC',
              })}
              : {day.studied ? 'studied' : 'not studied'}
            </span>
            <span aria-hidden="true">{day.studied ? '✓' : '·'}</span>
          </li>
        ))}
      </ol>
      <p className={styles.muted}>
        {streakWeeks > 0
          ? `${streakWeeks} ${streakWeeks === 1 ? 'week' : 'weeks'} in a row at your goal.`
          : 'Meet your goal this week to start a streak.'}
      </p>
      <label htmlFor={goalId} className={styles.goalLabel}>
        Weekly goal
      </label>{' '}
      <select
        id={goalId}
        value={goalDays}
        onChange={(event) => save.mutate({ goalDays: Number(event.target.value) })}
      >
        {[1, 2, 3, 4, 5, 6, 7].map((n) => (
          <option key={n} value={n}>
            {n} {n === 1 ? 'day' : 'days'} a week
          </option>
        ))}
      </select>
    </section>
  );
}
