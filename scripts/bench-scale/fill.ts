import { randomUUID } from 'node:crypto';
import { writeActivity } from './activity.ts';
import type { CourseFacts } from './course.ts';
import { learnerRows } from './learner-rows.ts';
import { calendar, HISTORY_DAYS, learner, type Learner } from './learners.ts';
import type { RowSink } from './tables.ts';

export interface FillPlan {
  course: CourseFacts;
  /** How many learners, the measured one included. */
  learners: number;
  /** The measured learner's users.id: its row was made by a real sign-in. */
  benchLearnerId: string;
  /** The empty database: only the measured learner's own rows. */
  onlyBenchLearner: boolean;
  now: number;
}

/** Writes the whole population: each learner's own rows, then everyone's studying, day by day. */
export async function fillRows(sink: RowSink, plan: FillPlan): Promise<void> {
  const cal = calendar(plan.now);
  const count = plan.onlyBenchLearner ? 1 : plan.learners;
  const learners: Learner[] = [];
  for (let i = 0; i < count; i++) {
    learners.push(learner(plan.course, i, i === 0 ? plan.benchLearnerId : randomUUID()));
  }
  const courseExercises = plan.course.exercises.length;
  for (const l of learners) {
    learnerRows(sink, l, cal, { ownUserRow: l.index !== 0, courseExercises });
    if (l.index % 1000 === 999) await sink.flushed();
  }
  await writeActivity(sink, plan.course, cal, learners, HISTORY_DAYS);
}
