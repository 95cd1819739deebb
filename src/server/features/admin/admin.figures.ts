import { QUIZ_PASS_MARK } from '#shared/quiz-rules.ts';
import { DAY_MS } from '../../platform/clock.ts';
import { liveOrders } from './admin.changes.ts';
import type { CourseOutline, Learner, Order, QuizAttempt } from './admin.ports.ts';

/** Everything the report is computed from, read once. */
export interface ReportFacts {
  now: Date;
  course: CourseOutline;
  learners: readonly Learner[];
  orders: readonly Order[];
  visits: readonly { userId: string; moduleNumber: number; at: string }[];
  solved: readonly { userId: string; exerciseId: string; at: string }[];
  attempts: readonly QuizAttempt[];
}

export interface MonthSales {
  /** 2026-03 */
  month: string;
  currency: string;
  sold: number;
  grossCents: number;
  refunded: number;
  refundedCents: number;
  netCents: number;
}

export interface ModuleFunnel {
  number: number;
  title: string;
  opened: number;
  /** Learners who solved every exercise of the module (null: it has none). */
  exercisesSolved: number | null;
  /** Learners whose best score passes every quiz of the module (null: it has none). */
  quizzesPassed: number | null;
}

export interface QuizPassRate {
  slug: string;
  title: string;
  attempts: number;
  passedAttempts: number;
  learners: number;
  learnersPassed: number;
}

/** What one promotion code's sold orders brought and gave away. */
export interface PromoFigures {
  code: string;
  currency: string;
  sold: number;
  discountCents: number;
  netCents: number;
  /** Paid after the code was used up or ended (decision 0036). */
  overLimit: number;
}

export interface Report {
  generatedAt: string;
  sales: MonthSales[];
  promotions: PromoFigures[];
  learners: {
    accounts: number;
    withAccess: number;
    complimentary: number;
    activeLast30Days: number;
  };
  funnel: ModuleFunnel[];
  quizzes: QuizPassRate[];
}

/** Days of activity that make a learner "active". */
export const ACTIVE_DAYS = 30;

export function buildReport(facts: ReportFacts): Report {
  return {
    generatedAt: facts.now.toISOString(),
    sales: salesByMonth(facts.orders),
    promotions: promotionFigures(facts.orders),
    learners: learnerCounts(facts),
    funnel: funnel(facts),
    quizzes: quizPassRates(facts),
  };
}

/**
 * Bought orders by the month they were paid in (complimentary grants are not sales). A refund
 * counts against the month of the sale it undoes, so a month's net is what that month's sales
 * finally brought.
 */
export function salesByMonth(orders: readonly Order[]): MonthSales[] {
  const months = new Map<string, MonthSales>();
  for (const order of orders) {
    if (order.kind !== 'purchase' || !order.paid_at) continue;
    const month = order.paid_at.slice(0, 7);
    const key = `${month} ${order.currency}`;
    const row = months.get(key) ?? {
      month,
      currency: order.currency,
      sold: 0,
      grossCents: 0,
      refunded: 0,
      refundedCents: 0,
      netCents: 0,
    };
    row.sold += 1;
    row.grossCents += order.amount_cents;
    if (order.status === 'refunded') {
      row.refunded += 1;
      row.refundedCents += order.amount_cents;
    }
    row.netCents = row.grossCents - row.refundedCents;
    months.set(key, row);
  }
  return [...months.values()].sort(
    (a, b) => a.month.localeCompare(b.month) || a.currency.localeCompare(b.currency),
  );
}

/** Sold orders per promotion code: the discount given, what they brought net of refunds. */
export function promotionFigures(orders: readonly Order[]): PromoFigures[] {
  const codes = new Map<string, PromoFigures>();
  for (const order of orders) {
    if (order.kind !== 'purchase' || !order.paid_at || order.promo_code === null) continue;
    const key = `${order.promo_code} ${order.currency}`;
    const row = codes.get(key) ?? {
      code: order.promo_code,
      currency: order.currency,
      sold: 0,
      discountCents: 0,
      netCents: 0,
      overLimit: 0,
    };
    row.sold += 1;
    row.discountCents += Math.max(
      0,
      (order.list_price_cents ?? order.amount_cents) - order.amount_cents,
    );
    if (order.status !== 'refunded') row.netCents += order.amount_cents;
    row.overLimit += order.promo_over_limit;
    codes.set(key, row);
  }
  return [...codes.values()].sort((a, b) => a.code.localeCompare(b.code));
}

function learnerCounts(facts: ReportFacts): Report['learners'] {
  const byUser = new Map<string, Order[]>();
  for (const o of facts.orders) byUser.set(o.user_id, [...(byUser.get(o.user_id) ?? []), o]);
  let withAccess = 0;
  let complimentary = 0;
  for (const orders of byUser.values()) {
    const [live] = liveOrders(orders, facts.now);
    if (!live) continue;
    withAccess += 1;
    if (live.kind === 'complimentary') complimentary += 1;
  }
  const since = new Date(facts.now.getTime() - ACTIVE_DAYS * DAY_MS).toISOString();
  const active = new Set([
    ...facts.visits.filter((v) => v.at >= since).map((v) => v.userId),
    ...facts.solved.filter((s) => s.at >= since).map((s) => s.userId),
    ...facts.attempts.filter((a) => a.createdAt >= since).map((a) => a.userId),
  ]);
  return {
    accounts: facts.learners.length,
    withAccess,
    complimentary,
    activeLast30Days: active.size,
  };
}

/** Each user's best score per quiz. */
function bestScores(attempts: readonly QuizAttempt[]): Map<string, Map<string, number>> {
  const best = new Map<string, Map<string, number>>();
  for (const a of attempts) {
    const mine = best.get(a.userId) ?? new Map<string, number>();
    mine.set(a.quizId, Math.max(mine.get(a.quizId) ?? 0, a.score));
    best.set(a.userId, mine);
  }
  return best;
}

/** Per module: learners who opened the lesson, solved all its exercises, passed all its quizzes. */
export function funnel(facts: ReportFacts): ModuleFunnel[] {
  const solvedBy = new Map<string, Set<string>>();
  for (const s of facts.solved) {
    solvedBy.set(s.userId, (solvedBy.get(s.userId) ?? new Set()).add(s.exerciseId));
  }
  const best = bestScores(facts.attempts);
  const users = [...new Set(facts.learners.map((l) => l.id))];
  return facts.course.modules.map((module) => {
    const exercises = facts.course.exerciseIds.get(module.number) ?? [];
    const quizzes = facts.course.quizzes.filter((q) => q.moduleNumber === module.number);
    const opened = new Set(
      facts.visits.filter((v) => v.moduleNumber === module.number).map((v) => v.userId),
    );
    const count = (test: (userId: string) => boolean) => users.filter(test).length;
    return {
      number: module.number,
      title: module.title,
      opened: opened.size,
      exercisesSolved:
        exercises.length === 0
          ? null
          : count((u) => exercises.every((id) => solvedBy.get(u)?.has(id) ?? false)),
      quizzesPassed:
        quizzes.length === 0
          ? null
          : count((u) => quizzes.every((q) => (best.get(u)?.get(q.slug) ?? -1) >= QUIZ_PASS_MARK)),
    };
  });
}

/** Per quiz in course order: attempts and learners, and how many of each passed. */
export function quizPassRates(facts: Pick<ReportFacts, 'course' | 'attempts'>): QuizPassRate[] {
  const best = bestScores(facts.attempts);
  return facts.course.quizzes.map((quiz) => {
    const mine = facts.attempts.filter((a) => a.quizId === quiz.slug);
    const learners = [...best.values()].filter((scores) => scores.has(quiz.slug));
    return {
      slug: quiz.slug,
      title: quiz.title,
      attempts: mine.length,
      passedAttempts: mine.filter((a) => a.score >= QUIZ_PASS_MARK).length,
      learners: learners.length,
      learnersPassed: learners.filter((s) => (s.get(quiz.slug) ?? 0) >= QUIZ_PASS_MARK).length,
    };
  });
}

export interface QuestionFigures {
  quizSlug: string;
  /** 1-based position in its quiz. */
  number: number;
  questionText: string;
  answered: number;
  right: number;
  /** The wrong answer chosen most often, and how often (null: nobody answered wrong). */
  topWrong: { answer: string; count: number } | null;
}

/** The most questions `questions` lists: the hardest ones are the ones to rewrite first. */
export const HARDEST_SHOWN = 20;

/**
 * For each question: how many answered it (a blank is not an answer), the share right and the most
 * chosen wrong answer; the hardest (lowest share right, then most answered) first. An attempt is
 * counted only if its answers still fit the quiz as it is now (same number of questions, each
 * answer one of that question's choices): an attempt on an older version would be miscounted.
 */
export function questionFigures(
  course: CourseOutline,
  attempts: readonly QuizAttempt[],
  quizSlug?: string,
): QuestionFigures[] {
  const quizzes = course.quizzes.filter((q) => !quizSlug || q.slug === quizSlug);
  const figures = quizzes.flatMap((quiz) => {
    const fitting = attempts.filter(
      (a) =>
        a.quizId === quiz.slug &&
        a.answers.length === quiz.questions.length &&
        a.answers.every(
          (answer, i) => answer === '' || (quiz.questions[i]?.answers.includes(answer) ?? false),
        ),
    );
    return quiz.questions.map((question, i): QuestionFigures => {
      const chosen = fitting.map((a) => a.answers[i] ?? '').filter((answer) => answer !== '');
      const rightAnswer = question.answers[question.correct];
      const wrong = new Map<string, number>();
      for (const answer of chosen) {
        if (answer !== rightAnswer) wrong.set(answer, (wrong.get(answer) ?? 0) + 1);
      }
      const [top] = [...wrong].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      return {
        quizSlug: quiz.slug,
        number: i + 1,
        questionText: question.questionText,
        answered: chosen.length,
        right: chosen.length - [...wrong.values()].reduce((sum, n) => sum + n, 0),
        topWrong: top ? { answer: top[0], count: top[1] } : null,
      };
    });
  });
  const share = (f: QuestionFigures) => (f.answered === 0 ? Infinity : f.right / f.answered);
  return figures
    .sort((a, b) => (share(a) === share(b) ? 0 : share(a) - share(b)) || b.answered - a.answered)
    .slice(0, HARDEST_SHOWN);
}
