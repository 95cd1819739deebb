import type { CourseFacts } from './course.ts';

/*
 * The synthetic learners of `npm run bench:scale`. Everything about learner i follows from i alone
 * (noise(i, ...)), so a run at any size is the same population, and the measured learner (index 0)
 * has the same history in the empty and the full database.
 */

export const DAY_MS = 86_400_000;
/** The course has sold for eight years: the oldest accounts are this many days old. */
export const HISTORY_DAYS = 8 * 365;

/**
 * bench: the measured learner, a current subscriber who has done the whole course.
 * current: bought in the last two years (some renewed); active during their access.
 * lapsed: bought two to eight years ago, never came back; the keeping-periods job's backlog.
 * browser: signed in, never paid (abandoned checkouts only).
 */
export type Cohort = 'bench' | 'current' | 'lapsed' | 'browser';

export interface Learner {
  index: number;
  id: string;
  cohort: Cohort;
  /** Days are numbered from 0 (HISTORY_DAYS ago) to HISTORY_DAYS (today, UTC). */
  signupDay: number;
  lastSeenDay: number;
  /** Buyers: the day of payment, and of the renewal if they bought a second year. */
  paidDay: number | null;
  renewalDay: number | null;
  /** Buyers: the days they studied between (exercises and quizzes fall in this window). */
  firstDay: number;
  lastDay: number;
  /** How many exercises (the first n of the course), quizzes (the first n) and quiz attempts. */
  exercises: number;
  quizzes: number;
  attempts: number;
  /** The chance of a right answer on a first try. */
  skill: number;
}

/** A number in [0, 1) fixed by its arguments: a 32-bit integer hash, not a random number. */
export function noise(a: number, b = 0, c = 0): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b);
  h ^= Math.imul((b + 0x7f4a7c15) | 0, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h ^= Math.imul((c + 0x165667b1) | 0, 0x27d4eb2f);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 4_294_967_296;
}

/** What each use of noise() is for, so two uses never share a value. */
export const SALT = {
  cohort: 1,
  signup: 2,
  payDelay: 3,
  renew: 4,
  stop: 5,
  engagement: 6,
  retakes: 7,
  skill: 8,
  lastSeen: 9,
} as const;

const today = HISTORY_DAYS;
const int = (fraction: number, n: number) => Math.floor(fraction * n);

/** How far a buyer got: exercises done, quizzes reached, attempts made. */
function engagement(course: CourseFacts, i: number, firstDay: number, lastDay: number) {
  const total = course.exercises.length;
  // Most learners get through a good part of the course; months of study get further than days.
  const share =
    (0.3 + 0.7 * noise(i, 0, SALT.engagement) ** 1.2) *
    Math.min(1, (lastDay - firstDay + 30) / 120);
  const exercises = Math.max(1, Math.round(total * share));
  const module = course.exercises[exercises - 1]?.module ?? 1;
  const quizzes = course.quizzesUpTo[module] ?? course.quizzes.length;
  const attempts = Math.max(quizzes, Math.round(quizzes * (1 + 3.4 * noise(i, 0, SALT.retakes))));
  return { exercises, quizzes, attempts, skill: 0.5 + 0.4 * noise(i, 0, SALT.skill) };
}

function buyer(course: CourseFacts, i: number, id: string, cohort: 'current' | 'lapsed'): Learner {
  const signupDay =
    cohort === 'current'
      ? today - int(noise(i, 0, SALT.signup), 730)
      : int(noise(i, 0, SALT.signup), today - 745);
  const paidDay = Math.min(today, signupDay + int(noise(i, 0, SALT.payDelay), 4));
  const renewed = cohort === 'current' && paidDay + 365 <= today && noise(i, 0, SALT.renew) < 0.3;
  const renewalDay = renewed ? paidDay + 365 : null;
  const accessEnd = (renewalDay ?? paidDay) + 365;
  // Learners stop studying some time before their access ends (or are still at it today).
  const stopped = paidDay + int(0.3 + 0.7 * noise(i, 0, SALT.stop), accessEnd - paidDay);
  const lastDay = Math.max(paidDay, Math.min(today, stopped));
  return {
    index: i,
    id,
    cohort,
    signupDay,
    lastSeenDay: lastDay,
    paidDay,
    renewalDay,
    firstDay: paidDay,
    lastDay,
    ...engagement(course, i, paidDay, lastDay),
  };
}

function browser(i: number, id: string): Learner {
  const signupDay = today - int(noise(i, 0, SALT.signup), 730);
  const lastSeenDay = Math.min(today, signupDay + int(noise(i, 0, SALT.lastSeen), 20));
  return {
    ...{ index: i, id, cohort: 'browser', signupDay, lastSeenDay, paidDay: null },
    ...{ renewalDay: null, firstDay: signupDay, lastDay: signupDay },
    ...{ exercises: 0, quizzes: 0, attempts: 0, skill: 0 },
  };
}

/** The measured learner: ten months into their year, every exercise and quiz done, most retaken. */
function benchLearner(course: CourseFacts, id: string): Learner {
  const paidDay = today - 300;
  return {
    ...{ index: 0, id, cohort: 'bench', signupDay: paidDay, lastSeenDay: today, paidDay },
    ...{ renewalDay: null, firstDay: paidDay, lastDay: today },
    exercises: course.exercises.length,
    quizzes: course.quizzes.length,
    attempts: 3 * course.quizzes.length,
    skill: 0.7,
  };
}

/** Learner i; `id` is its users.id (the measured learner's comes from its real sign-in). */
export function learner(course: CourseFacts, i: number, id: string): Learner {
  if (i === 0) return benchLearner(course, id);
  const cohort = noise(i, 0, SALT.cohort);
  if (cohort < 0.1) return buyer(course, i, id, 'lapsed');
  if (cohort < 0.8) return buyer(course, i, id, 'current');
  return browser(i, id);
}

/** Day numbers to times: day `HISTORY_DAYS` is today (UTC), which ends now. */
export function calendar(now: number) {
  const todayStart = now - (now % DAY_MS);
  const dayStart = (day: number) => todayStart - (today - day) * DAY_MS;
  return {
    now,
    dayStart,
    /** A moment in the day: `fraction` 0 is its start, 1 its end (now, for today). */
    at: (day: number, fraction: number) =>
      dayStart(day) + Math.floor(fraction * (day >= today ? now - todayStart : DAY_MS)),
    /** YYYY-MM-DD */
    date: (day: number) => new Date(dayStart(day)).toISOString().slice(0, 10),
  };
}
export type Calendar = ReturnType<typeof calendar>;
