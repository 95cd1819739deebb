import { randomUUID } from 'node:crypto';
import { timeOrderedId } from '#server/db/time-ordered-id.ts';
import { percentScore } from '#shared/api/quiz.schema.ts';
import type { CourseFacts } from './course.ts';
import { DAY_MS, noise, type Calendar, type Learner } from './learners.ts';
import type { RowSink } from './tables.ts';

/*
 * The learners' studying, written day by day from the oldest day to today, as it would have
 * happened: quiz attempts, saved exercises, Checks kept in the code history, lesson visits, the
 * review queue and study days. Rows of one learner are spread over the tables among everyone
 * else's, as in a database that grew over years (a learner's rows are not neighbours on disk), and
 * time-ordered ids grow with the time as they do in production.
 */

const SALT = { sitting: 30, answer: 1000, solved: 32, verified: 33 };
const MORE = { checks: 34, review: 35, stage: 36, revisit: 37 };
const REVIEW_DAYS = [1, 3, 7, 21];
/** Up to 4,096 events a learner in one kind of event; a learner's k-th event is i * 4096 + k. */
const PER_LEARNER = 4096;
const iso = (ms: number) => new Date(ms).toISOString();

/** About this many exercises and attempts make one sitting (one study day). */
const EVENTS_PER_SITTING = 4;

/**
 * Event k of n of one kind falls on one of the learner's sittings, spread over their study window
 * in course order: exercises and quiz attempts at the same point of the course share a day.
 */
function eventDay(l: Learner, k: number, n: number): number {
  const sittings = Math.max(1, Math.ceil((l.exercises + l.attempts) / EVENTS_PER_SITTING));
  const sitting = Math.floor((k / n) * sittings);
  const span = l.lastDay - l.firstDay + 1;
  const offset = Math.floor(((sitting + noise(l.index, sitting, SALT.sitting)) / sittings) * span);
  return l.firstDay + Math.min(span - 1, offset);
}

/** Typed-array reads (an index past the end reads as 0, which the loops below never do). */
const get = (array: Int32Array | Float64Array, i: number) => array[i] ?? 0;

interface Buckets {
  /** Day d's events are events[starts[d]] up to events[starts[d + 1]]. */
  starts: Int32Array;
  /** position of the learner * PER_LEARNER + k */
  events: Float64Array;
}

/** Every learner's events of one kind, grouped by day (a counting sort: two passes). */
function byDay(learners: readonly Learner[], days: number, count: (l: Learner) => number): Buckets {
  const starts = new Int32Array(days + 2);
  for (const l of learners) {
    const n = count(l);
    for (let k = 0; k < n; k++) {
      const slot = eventDay(l, k, n) + 1;
      starts[slot] = get(starts, slot) + 1;
    }
  }
  for (let d = 1; d < starts.length; d++) starts[d] = get(starts, d) + get(starts, d - 1);
  const events = new Float64Array(get(starts, days + 1));
  const next = starts.slice();
  learners.forEach((l, position) => {
    const n = count(l);
    for (let k = 0; k < n; k++) {
      const day = eventDay(l, k, n);
      events[get(next, day)] = position * PER_LEARNER + k;
      next[day] = get(next, day) + 1;
    }
  });
  return { starts, events };
}

interface Context {
  sink: RowSink;
  course: CourseFacts;
  cal: Calendar;
  learners: readonly Learner[];
  /** The last day a study_days row was written for each learner (by position). */
  studied: Int32Array;
}

function studyDay(ctx: Context, position: number, l: Learner, day: number, at: number): void {
  if (ctx.studied[position] === day) return;
  ctx.studied[position] = day;
  ctx.sink.add('study_days', [l.id, ctx.cal.date(day), iso(at)]);
}

/** Learner l saves exercise x (the first of a module opens its lesson); some Checks are kept. */
function exercise(ctx: Context, l: Learner, x: number, day: number, at: number): void {
  const { sink, course, cal } = ctx;
  const ex = course.exercises[x];
  if (!ex) return;
  if (course.firstExercise.get(ex.module) === x) {
    const revisit = at + Math.floor(noise(l.index, x, MORE.revisit) * (l.lastDay - day) * DAY_MS);
    sink.add('lesson_visits', [l.id, ex.module, iso(at), iso(Math.min(revisit, cal.now - 1))]);
  }
  const solved = l.cohort === 'bench' || noise(l.index, x, SALT.solved) < 0.85;
  const verified = solved && (l.cohort === 'bench' || noise(l.index, x, SALT.verified) < 0.8);
  const code = solved ? ex.solution : `${ex.starter}\n# still working on this\n`;
  const time = iso(at);
  sink.add('exercise_progress', [
    ...[l.id, ex.id, code, solved ? time : null, time, verified ? time : null],
  ]);
  // The measured learner has a full history (20 versions) on module 3, the lesson measured.
  const checks =
    l.cohort === 'bench'
      ? ex.module === 3
        ? 20
        : 2
      : Math.floor(3 * noise(l.index, x, MORE.checks));
  // Random ids, as every Check kept before decision 0022 has; new Checks get time-ordered ones.
  for (let c = 0; c < checks; c++) {
    const last = c === checks - 1;
    const version = last ? code : `${ex.starter}\n# try ${c + 1}\n`;
    const passed = last && solved ? 1 : 0;
    sink.add('code_history', [
      randomUUID(),
      l.id,
      ex.id,
      version,
      passed,
      iso(at - (checks - c) * 240_000),
    ]);
  }
}

/** Learner l's k-th quiz attempt; after the last one on a quiz, its missed questions await review. */
function attempt(ctx: Context, l: Learner, k: number, at: number): void {
  const { sink, course } = ctx;
  const q = Math.floor((k * l.quizzes) / l.attempts);
  const quiz = course.quizzes[q];
  if (!quiz) return;
  const firstTry = Math.ceil((q * l.attempts) / l.quizzes);
  const isLast = k === Math.ceil(((q + 1) * l.attempts) / l.quizzes) - 1;
  const chance = Math.min(0.97, l.skill + 0.12 * (k - firstTry));
  const chosen: string[] = [];
  const missed: number[] = [];
  quiz.answers.forEach((answers, i) => {
    const right = quiz.correct[i] ?? 0;
    const ok = noise(l.index, k, SALT.answer + i) < chance;
    if (!ok) missed.push(i);
    chosen.push(answers[ok ? right : (right + 1 + i) % answers.length] ?? '""');
  });
  const score = percentScore(quiz.answers.length - missed.length, quiz.answers.length);
  const time = iso(at);
  sink.add('quiz_attempts', [
    timeOrderedId(at),
    l.id,
    quiz.id,
    score,
    `[${chosen.join(',')}]`,
    time,
  ]);
  if (!isLast) return;
  for (const i of missed) {
    // About half the missed questions have since been answered right three times and left.
    if (l.cohort !== 'bench' && noise(l.index, k * 64 + i, MORE.review) < 0.5) continue;
    const stage = Math.floor(4 * noise(l.index, k * 64 + i, MORE.stage));
    const due = iso(at + (REVIEW_DAYS[stage] ?? 1) * DAY_MS);
    sink.add('review_items', [l.id, quiz.id, i, stage, due, time, time]);
  }
}

/** The events of one day, each with its learner, its number k and its moment. */
function* eventsOf(ctx: Context, buckets: Buckets, day: number, clock: () => number) {
  for (let e = get(buckets.starts, day); e < get(buckets.starts, day + 1); e++) {
    const event = get(buckets.events, e);
    const position = Math.floor(event / PER_LEARNER);
    const l = ctx.learners[position];
    if (l) yield { position, l, k: event % PER_LEARNER, at: clock() };
  }
}

const countOn = (buckets: Buckets, day: number) =>
  get(buckets.starts, day + 1) - get(buckets.starts, day);

/** Writes every learner's studying, oldest day first. */
export async function writeActivity(
  sink: RowSink,
  course: CourseFacts,
  cal: Calendar,
  learners: readonly Learner[],
  days: number,
): Promise<void> {
  const exercises = byDay(learners, days, (l) => l.exercises);
  const attempts = byDay(learners, days, (l) => l.attempts);
  const studied = new Int32Array(learners.length).fill(-1);
  const ctx: Context = { sink, course, cal, learners, studied };
  for (let day = 0; day <= days; day++) {
    // The day's events get evenly spaced moments, so times (and time-ordered ids) only grow.
    const total = countOn(exercises, day) + countOn(attempts, day);
    let j = 0;
    const clock = () => cal.at(day, (j++ + 0.5) / total);
    for (const { position, l, k, at } of eventsOf(ctx, exercises, day, clock)) {
      exercise(ctx, l, k, day, at);
      studyDay(ctx, position, l, day, at);
    }
    for (const { position, l, k, at } of eventsOf(ctx, attempts, day, clock)) {
      attempt(ctx, l, k, at);
      studyDay(ctx, position, l, day, at);
    }
    await sink.flushed();
  }
}
