import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { progressReplySchema } from '#shared/api/progress.schema.ts';
import {
  browserHeaders as headers,
  createTestApp,
  testClock,
  testContent,
  type TestApp,
  grantPaidAccess,
  signInWithDevLogin,
  type Jar,
} from '../../testing/test-app.ts';
import type { CourseContent, GradableQuiz } from '../../content/course-content.ts';

let t: TestApp;
let content: CourseContent;
const clock = testClock();
beforeEach(() => clock.reset());

beforeAll(async () => {
  content = await testContent();
  t = await createTestApp({ deps: { clock } });
});
afterAll(async () => {
  await t.close();
});

async function subscriber(name: string) {
  const email = `${name.toLowerCase().replace(/\W/g, '')}@example.com`;
  const { jar, user } = await signInWithDevLogin(t, name, email);
  await grantPaidAccess(t.database.db, user._id, clock.now());
  return { jar, userId: user._id };
}

const get = (jar: Jar | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: headers(jar) });
const submit = (jar: Jar | null, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/submit-quiz', headers: headers(jar), payload });

function quizBySlug(slug: string): GradableQuiz {
  const quiz = content.quizzes.get(slug);
  if (!quiz) throw new Error(`no quiz ${slug} in content`);
  return quiz;
}
/** Answers with the first `right` questions right and the rest wrong. */
function answers(quiz: GradableQuiz, right: number): string[] {
  return quiz.questions.map((q, i) => {
    const wrong = q.answers.find((_, a) => a !== q.correct) ?? '';
    return (i < right ? q.answers[q.correct] : wrong) ?? '';
  });
}

describe('GET /api/progress', () => {
  it('starts empty with nowhere to continue', async () => {
    const { jar } = await subscriber('New Comer');
    const progress = progressReplySchema.parse((await get(jar, '/api/progress')).json());
    expect(progress.modules).toHaveLength(15);
    // Lessons, exercises and quizzes, and the steps of the projects (issue 33) the course has.
    const steps = content.projects.reduce((n, p) => n + p.steps.length, 0);
    expect(progress.overall).toEqual({ done: 0, total: 15 + 61 + 43 + steps, percent: 0 });
    expect(progress.projects).toHaveLength(content.projects.length);
    expect(progress.continue).toBeNull();
  });

  it('counts visited lessons, solved exercises and passed quizzes, and says where to continue', async () => {
    const { jar, userId } = await subscriber('Steady Progress');
    await get(jar, '/api/lessons/module2');
    let progress = progressReplySchema.parse((await get(jar, '/api/progress')).json());
    const m2Quizzes = content.quizList.filter((q) => q.quizNumber === 2);
    expect(progress.modules[1]).toMatchObject({ number: 2, lessonVisited: true, quizCount: 3 });
    const exerciseIds = content.exerciseIds.get(2) ?? [];
    // The lesson is open: its first exercise not yet solved comes next (issue 35).
    expect(progress.continue?.path).toBe(`/dashboard/lessons/module2#exercise-${exerciseIds[0]}`);

    clock.advance(1000);
    const quiz = quizBySlug(m2Quizzes[0]?._id ?? '');
    await submit(jar, { userId, quizId: quiz.slug, answers: answers(quiz, 99) });
    const second = quizBySlug(m2Quizzes[1]?._id ?? '');
    await submit(jar, { userId, quizId: second.slug, answers: answers(second, 1) });
    const now = clock.now().toISOString();
    await t.database.db
      .insertInto('exercise_progress')
      .values([
        {
          user_id: userId,
          exercise_id: exerciseIds[0] ?? '',
          code: 'x',
          solved_at: now,
          updated_at: now,
        },
        {
          user_id: userId,
          exercise_id: exerciseIds[1] ?? '',
          code: 'y',
          solved_at: null,
          updated_at: now,
        },
      ])
      .execute();

    progress = progressReplySchema.parse((await get(jar, '/api/progress')).json());
    expect(progress.modules[1]).toMatchObject({
      lessonVisited: true,
      exercisesSolved: 1,
      exerciseCount: 5,
      quizzesPassed: 1,
      bestScores: { [quiz.slug]: 100, [second.slug]: expect.any(Number) },
    });
    expect(progress.overall.done).toBe(3);
    expect(progress.overall.percent).toBe(Math.floor((3 / progress.overall.total) * 100));
    // The second exercise is saved but not solved: that is the next step.
    const lesson = content.lessons.get(2);
    expect(progress.continue).toEqual({
      path: `/dashboard/lessons/module2#exercise-${exerciseIds[1]}`,
      label: `Exercise 2 of ${lesson?.module.title}: ${lesson?.exercises[1]?.title}`,
    });

    // Every exercise solved: the second quiz, tried but not passed, comes next.
    await t.database.db
      .updateTable('exercise_progress')
      .set({ solved_at: now })
      .where('user_id', '=', userId)
      .execute();
    await t.database.db
      .insertInto('exercise_progress')
      .values(
        exerciseIds.slice(2).map((id) => ({
          user_id: userId,
          exercise_id: id,
          code: 'z',
          solved_at: now,
          updated_at: now,
        })),
      )
      .execute();
    progress = progressReplySchema.parse((await get(jar, '/api/progress')).json());
    expect(progress.continue).toEqual({
      path: `/dashboard/quiz/${second.slug}`,
      label: `${second.title} Quiz`,
    });
  });

  it('ignores solved exercises the course no longer has (an id replaced in issue 32)', async () => {
    const { jar, userId } = await subscriber('Early Learner');
    const kept = content.exerciseIds.get(6)?.[0] ?? '';
    const gone = 'm06-e2-receipt-line';
    expect(content.exerciseIds.get(6)).not.toContain(gone);
    const now = clock.now().toISOString();
    await t.database.db
      .insertInto('exercise_progress')
      .values(
        [kept, gone].map((id) => ({
          user_id: userId,
          exercise_id: id,
          code: 'x',
          solved_at: now,
          updated_at: now,
          verified_at: now,
        })),
      )
      .execute();
    clock.advance(1000);
    // The removed exercise was solved last, and still does not decide where to continue.
    await t.database.db
      .updateTable('exercise_progress')
      .set({ solved_at: clock.now().toISOString() })
      .where('exercise_id', '=', gone)
      .execute();

    const progress = progressReplySchema.parse((await get(jar, '/api/progress')).json());
    expect(progress.modules[5]).toMatchObject({ number: 6, exercisesSolved: 1, exerciseCount: 3 });
    expect(progress.modules.reduce((sum, m) => sum + m.exercisesSolved, 0)).toBe(1);
    const steps = content.projects.reduce((n, p) => n + p.steps.length, 0);
    expect(progress.overall).toMatchObject({ done: 1, total: 15 + 61 + 43 + steps });
    expect(progress.continue?.path).toBe('/dashboard/lessons/module6');
  });
});
