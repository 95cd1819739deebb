import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { QUIZ_PASS_MARK } from '#shared/quiz-rules.ts';
import type { GradableQuiz } from '../../content/course-content.ts';
import { adminRunner } from '../../testing/admin-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { testClock, testContent } from '../../testing/test-app.ts';
import { createAdminDeps } from '../../admin.ts';
import { loadEnv } from '../../env.ts';
import { report } from './admin.report.ts';

// The figures on a seeded data set, against figures worked out by hand below from the same seed.

let database: TestDatabase;
const clock = testClock(); // 2026-03-01T12:00:00.000Z
beforeEach(() => clock.reset());
let admin: ReturnType<typeof adminRunner>;
let quizzes: GradableQuiz[];
let exercises1: readonly string[];

const right = (quiz: GradableQuiz, i: number) =>
  quiz.questions[i]?.answers[quiz.questions[i]?.correct ?? 0] ?? '';
/** The k-th wrong choice of question i. */
const wrong = (quiz: GradableQuiz, i: number, k: number) =>
  quiz.questions[i]?.answers.filter((a) => a !== right(quiz, i))[k] ?? '';
const allRight = (quiz: GradableQuiz) => quiz.questions.map((_, i) => right(quiz, i));

beforeAll(async () => {
  database = await createTestDatabase();
  admin = adminRunner(database.db, { clock });
  const content = await testContent();
  quizzes = [...content.quizzes.values()].filter((q) => q.moduleNumber === 1);
  exercises1 = content.exerciseIds.get(1) ?? [];
  await seed();
});
afterAll(async () => {
  await database.destroy();
});

async function seed() {
  const db = database.db;
  const users = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6'];
  await db
    .insertInto('users')
    .values(
      users.map((id, i) => ({
        id,
        google_id: `g-${id}`,
        name: `Learner ${id}`,
        email: `${id}@example.com`,
        picture: null,
        created_at: `2025-0${i + 1}-01T00:00:00.000Z`,
        updated_at: `2025-0${i + 1}-01T00:00:00.000Z`,
        anonymized_at: null,
      })),
    )
    .execute();
  const order = (
    id: string,
    user: string,
    paidAt: string | null,
    endsAt: string | null,
    extra: Partial<{
      status: 'paid' | 'pending' | 'refunded';
      kind: 'purchase' | 'complimentary';
      amount: number;
      revokedAt: string;
    }> = {},
  ) => ({
    id,
    user_id: user,
    provider: extra.kind === 'complimentary' ? ('admin' as const) : ('stripe' as const),
    provider_session_id: `cs_${id}`,
    payment_intent_id: paidAt ? `pi_${id}` : null,
    status: extra.status ?? 'paid',
    kind: extra.kind ?? 'purchase',
    amount_cents: extra.amount ?? 48_900,
    currency: 'usd',
    created_at: paidAt ?? '2026-02-27T00:00:00.000Z',
    paid_at: paidAt,
    access_ends_at: endsAt,
    revoked_at: extra.revokedAt ?? null,
    revoke_reason: extra.revokedAt ? 'refunded in full' : null,
  });
  await db
    .insertInto('orders')
    .values([
      order('o1', 'u1', '2026-01-15T10:00:00.000Z', '2027-01-15T10:00:00.000Z'),
      order('o2', 'u2', '2026-01-20T10:00:00.000Z', '2027-01-20T10:00:00.000Z', {
        status: 'refunded',
        revokedAt: '2026-01-25T10:00:00.000Z',
      }),
      order('o3', 'u3', '2026-02-10T10:00:00.000Z', '2027-02-10T10:00:00.000Z'),
      order('o4', 'u4', '2026-02-20T10:00:00.000Z', '2026-04-20T10:00:00.000Z', {
        kind: 'complimentary',
        amount: 0,
      }),
      order('o5', 'u5', null, null, { status: 'pending' }),
      order('o6', 'u6', '2025-02-01T10:00:00.000Z', '2026-02-01T10:00:00.000Z'),
    ])
    .execute();
  const visit = (user: string, module: number, at: string) => ({
    user_id: user,
    module_number: module,
    first_visited_at: at,
    last_visited_at: at,
  });
  await db
    .insertInto('lesson_visits')
    .values([
      visit('u1', 1, '2026-02-20T09:00:00.000Z'),
      visit('u1', 2, '2026-02-21T09:00:00.000Z'),
      visit('u2', 1, '2026-01-10T09:00:00.000Z'),
      visit('u3', 1, '2026-02-28T09:00:00.000Z'),
    ])
    .execute();
  const solve = (user: string, exercise: string, at: string) => ({
    user_id: user,
    exercise_id: exercise,
    code: 'print(1)',
    solved_at: at,
    updated_at: at,
  });
  await db
    .insertInto('exercise_progress')
    .values([
      ...exercises1.map((id) => solve('u1', id, '2026-02-20T10:00:00.000Z')),
      ...exercises1.slice(0, -1).map((id) => solve('u2', id, '2026-01-11T10:00:00.000Z')),
    ])
    .execute();
  const [first] = quizzes;
  if (!first) throw new Error('module 1 has no quiz');
  const attempt = (
    id: string,
    user: string,
    quiz: string,
    score: number,
    answers: string[],
    at: string,
  ) => ({
    id,
    user_id: user,
    quiz_id: quiz,
    score,
    answers: JSON.stringify(answers),
    created_at: at,
  });
  const mixed = (firstAnswer: string, second?: string) => {
    const answers = allRight(first);
    answers[0] = firstAnswer;
    if (second !== undefined) answers[1] = second;
    return answers;
  };
  await db
    .insertInto('quiz_attempts')
    .values([
      ...quizzes.map((q, i) =>
        attempt(`a1-${i}`, 'u1', q.slug, 100, allRight(q), '2026-02-22T10:00:00.000Z'),
      ),
      attempt('a2', 'u2', first.slug, 50, mixed(wrong(first, 0, 0)), '2026-01-12T10:00:00.000Z'),
      attempt('a3', 'u2', first.slug, 60, mixed(wrong(first, 0, 0)), '2026-01-13T10:00:00.000Z'),
      attempt(
        'a4',
        'u3',
        first.slug,
        80,
        mixed(wrong(first, 0, 1), ''),
        '2026-02-28T10:00:00.000Z',
      ),
      // An attempt on an older version of the quiz (one question): counted as an attempt, but its
      // answers no longer fit the questions.
      attempt('a5', 'u6', first.slug, 0, ['x'], '2025-03-01T10:00:00.000Z'),
    ])
    .execute();
}

describe('report', () => {
  it('computes sales, learners, the funnel and pass rates as worked out by hand', async () => {
    const deps = createAdminDeps({
      env: loadEnv({ NODE_ENV: 'test' }),
      db: database.db,
      loadContent: testContent,
      clock,
      systemUser: 'seller',
    });
    const { report: figures } = await report(deps);
    expect(figures.sales).toEqual([
      {
        month: '2025-02',
        currency: 'usd',
        sold: 1,
        grossCents: 48_900,
        refunded: 0,
        refundedCents: 0,
        netCents: 48_900,
      },
      {
        month: '2026-01',
        currency: 'usd',
        sold: 2,
        grossCents: 97_800,
        refunded: 1,
        refundedCents: 48_900,
        netCents: 48_900,
      },
      {
        month: '2026-02',
        currency: 'usd',
        sold: 1,
        grossCents: 48_900,
        refunded: 0,
        refundedCents: 0,
        netCents: 48_900,
      },
    ]);
    // u1, u3 (bought) and u4 (complimentary); u2 refunded, u5 never paid, u6's year is over.
    // Active since 2026-01-30 12:00: u1 and u3; u2's activity is all in early January.
    expect(figures.learners).toEqual({
      accounts: 6,
      withAccess: 3,
      complimentary: 1,
      activeLast30Days: 2,
    });

    const [m1, m2, ...rest] = figures.funnel;
    // u1 solved every exercise; u2 all but one. u1 passed every quiz; u3 scored 80 on the first
    // quiz only, which passes the module when it has just that one.
    expect(m1).toMatchObject({
      number: 1,
      opened: 3,
      exercisesSolved: exercises1.length === 0 ? null : 1,
      quizzesPassed: quizzes.length === 1 ? 2 : 1,
    });
    expect(m2).toMatchObject({ number: 2, opened: 1 });
    expect([m2?.exercisesSolved ?? 0, m2?.quizzesPassed ?? 0]).toEqual([0, 0]);
    expect(rest.every((m) => m.opened === 0 && !m.exercisesSolved && !m.quizzesPassed)).toBe(true);

    const [q1, ...otherQuizzes] = figures.quizzes.filter(
      (q) => q.slug.length > 0 && quizzes.some((m) => m.slug === q.slug),
    );
    // Scores 100 (u1), 50 and 60 (u2), 80 (u3), 0 (u6) with the pass mark at 70.
    expect(QUIZ_PASS_MARK).toBe(70);
    expect(q1).toMatchObject({ attempts: 5, passedAttempts: 2, learners: 4, learnersPassed: 2 });
    for (const q of otherQuizzes) {
      expect(q).toMatchObject({ attempts: 1, passedAttempts: 1, learners: 1, learnersPassed: 1 });
    }
    const untouched = figures.quizzes.filter((q) => !quizzes.some((m) => m.slug === q.slug));
    expect(untouched.every((q) => q.attempts === 0 && q.learners === 0)).toBe(true);
  });

  it('prints the figures, and writes one self-contained HTML page with SVG charts', async () => {
    const text = await admin('report');
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/2026-01 USD\s+2\s+978\.00 USD\s+1\s+489\.00 USD/);
    expect(text.out).toContain(
      'Learners: 6 accounts, 3 with access now (1 complimentary), 2 active in the last 30 days',
    );

    const run = await admin('report', '--html', 'report.html');
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/^Wrote report\.html \(\d+ bytes\)\.$/);
    const html = run.files.get('report.html') ?? '';
    expect(html).toMatch(/^<!doctype html>/);
    expect(html.match(/<svg /g)?.length).toBe(3);
    expect(html).toContain('978.00 USD');
    // Nothing runs and nothing is fetched: no script, no event handler, no address, no reference
    // to another file, and a policy that forbids both anyway.
    expect(html).not.toMatch(/<script|javascript:|\son[a-z]+=/i);
    expect(html).not.toMatch(/https?:|\/\/[a-z]|\b(?:src|href|xlink:href)=|url\(|@import/i);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);

    await expectRefusedQuietly(['report', '--html'], /^Option '--html <value>' argument missing/);
    await expectRefusedQuietly(['report', '--html', ' '], /^--html needs a file name/);
  });
});

async function expectRefusedQuietly(argv: string[], message: RegExp) {
  const run = await admin(...argv);
  expect(run.code).toBe(2);
  expect(run.err).toMatch(message);
  expect(run.files.size).toBe(0);
}

describe('questions', () => {
  it('lists each question answered, share right and most chosen wrong answer, hardest first', async () => {
    const [first] = quizzes;
    if (!first) throw new Error('module 1 has no quiz');
    const deps = createAdminDeps({
      env: loadEnv({ NODE_ENV: 'test' }),
      db: database.db,
      loadContent: testContent,
      clock,
    });
    const { questionFigures } = await import('./admin.figures.ts');
    const course = await deps.course();
    const figures = questionFigures(course, await deps.learning.everyAttempt());
    // Question 1 of the first quiz: u1 right; u2 twice and u3 once wrong; u6's attempt does not fit.
    expect(figures[0]).toEqual({
      quizSlug: first.slug,
      number: 1,
      questionText: first.questions[0]?.questionText,
      answered: 4,
      right: 1,
      topWrong: { answer: wrong(first, 0, 0), count: 2 },
    });
    // Question 2: u3 left it blank, which is not an answer.
    expect(figures.find((f) => f.quizSlug === first.slug && f.number === 2)).toMatchObject({
      answered: 3,
      right: 3,
      topWrong: null,
    });
    expect(figures.length).toBeLessThanOrEqual(20);

    const run = await admin('questions', '--quiz', first.slug);
    expect(run.code).toBe(0);
    const lines = run.out.split('\n');
    expect(lines[2]).toMatch(new RegExp(`^${first.slug} #1\\s+4\\s+25%\\s+`));
    expect(lines.slice(2).every((l) => l.startsWith(`${first.slug} #`))).toBe(true);
    const all = await admin('questions');
    expect(all.out.split('\n')).toHaveLength(2 + 20);

    const refused = await admin('questions', '--quiz', 'no-such-quiz');
    expect(refused.code).toBe(2);
    expect(refused.err).toBe(
      'There is no quiz "no-such-quiz"; the report lists every quiz\'s slug.',
    );
  });
});
