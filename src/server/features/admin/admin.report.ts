import { AdminInputError } from './admin.errors.ts';
import {
  buildReport,
  questionFigures,
  type QuestionFigures,
  type Report,
  type ReportFacts,
} from './admin.figures.ts';
import type { AdminDeps, Order } from './admin.ports.ts';
import { reportHtml } from './admin.html.ts';
import { minute, money, percent, table } from './admin.text.ts';

/** Reads everything the figures are computed from. */
export async function readFacts(deps: AdminDeps): Promise<ReportFacts> {
  const [course, learners, orders, visits, solved, attempts] = await Promise.all([
    deps.course(),
    deps.learners.search(undefined),
    deps.orders.listOrders(),
    deps.learning.everyLessonVisit(),
    deps.learning.everySolvedExercise(),
    deps.learning.everyAttempt(),
  ]);
  return { now: deps.clock.now(), course, learners, orders, visits, solved, attempts };
}

/** `report [--html FILE]`: the figures, as text or as the HTML page. */
export async function report(
  deps: AdminDeps,
): Promise<{ text: string; html: string; report: Report }> {
  const facts = await readFacts(deps);
  const figures = buildReport(facts);
  const hardest = questionFigures(facts.course, facts.attempts);
  return { text: reportText(figures), html: reportHtml(figures, hardest), report: figures };
}

function reportText(r: Report): string {
  const sales = r.sales.map((m) => [
    `${m.month} ${m.currency.toUpperCase()}`,
    String(m.sold),
    money(m.grossCents, m.currency),
    String(m.refunded),
    money(m.netCents, m.currency),
  ]);
  const funnel = r.funnel.map((m) => [
    `${m.number}. ${m.title}`,
    String(m.opened),
    m.exercisesSolved === null ? '-' : String(m.exercisesSolved),
    m.quizzesPassed === null ? '-' : String(m.quizzesPassed),
  ]);
  const quizzes = r.quizzes.map((q) => [
    q.slug,
    String(q.attempts),
    percent(q.passedAttempts, q.attempts),
    `${q.learnersPassed} of ${q.learners}`,
  ]);
  const l = r.learners;
  return [
    `Report made ${minute(r.generatedAt)} UTC`,
    '',
    `Learners: ${l.accounts} accounts, ${l.withAccess} with access now (${l.complimentary} complimentary), ${l.activeLast30Days} active in the last 30 days`,
    '',
    'Sales per month',
    sales.length === 0
      ? 'No sales yet.'
      : table(['Month', 'Sold', 'Gross', 'Refunded', 'Net'], sales),
    ...promotionsText(r),
    '',
    'Completion funnel per module (learners)',
    table(['Module', 'Lesson opened', 'Exercises solved', 'Quizzes passed'], funnel),
    '',
    'Quiz pass rates',
    table(['Quiz', 'Attempts', 'Attempts passed', 'Learners passed'], quizzes),
  ].join('\n');
}

/** Only once a code has sold something: a report without codes reads as before. */
function promotionsText(r: Report): string[] {
  if (r.promotions.length === 0) return [];
  const rows = r.promotions.map((p) => [
    p.code,
    String(p.sold),
    money(p.discountCents, p.currency),
    money(p.netCents, p.currency),
    p.overLimit === 0 ? '-' : String(p.overLimit),
  ]);
  return [
    '',
    'Promotion codes (sold orders)',
    table(['Code', 'Sold', 'Discount given', 'Net', 'Over the limit'], rows),
  ];
}

/** `questions [--quiz SLUG]`: the hardest questions first. */
export async function questions(
  deps: AdminDeps,
  quizSlug: string | undefined,
): Promise<{ text: string; figures: QuestionFigures[] }> {
  const course = await deps.course();
  if (quizSlug !== undefined && !course.quizzes.some((q) => q.slug === quizSlug)) {
    throw new AdminInputError(
      `There is no quiz "${quizSlug}"; the report lists every quiz's slug.`,
    );
  }
  const figures = questionFigures(course, await deps.learning.everyAttempt(), quizSlug);
  const rows = figures.map((f) => [
    `${f.quizSlug} #${f.number}`,
    String(f.answered),
    percent(f.right, f.answered),
    f.topWrong ? `${oneLine(f.topWrong.answer)} (${f.topWrong.count})` : '-',
    oneLine(f.questionText),
  ]);
  const text = table(['Question', 'Answered', 'Right', 'Most chosen wrong answer', 'Text'], rows);
  return { text, figures };
}

/** The first line, cut to fit a terminal row. */
function oneLine(text: string): string {
  const first = text.split('\n')[0] ?? '';
  return first.length > 60 ? `${first.slice(0, 59)}…` : first;
}

/** `export orders --csv`: every order with its learner's e-mail, for the accountant. */
export async function ordersCsv(deps: AdminDeps): Promise<string> {
  const [orders, learners] = await Promise.all([
    deps.orders.listOrders(),
    deps.learners.search(undefined),
  ]);
  const emails = new Map(learners.map((l) => [l.id, l.email]));
  const header = [
    'order_id',
    'email',
    'kind',
    'provider',
    'status',
    'amount',
    'currency',
    'created_at',
    'paid_at',
    'access_ends_at',
    'revoked_at',
    'revoke_reason',
    'payment_intent_id',
    // Added last, so the accountant's existing columns keep their places.
    'list_price',
    'promo_code',
    'promo_over_limit',
  ];
  const row = (o: Order) => [
    o.id,
    emails.get(o.user_id) ?? '',
    o.kind,
    o.provider,
    o.status,
    (o.amount_cents / 100).toFixed(2),
    o.currency.toUpperCase(),
    o.created_at,
    o.paid_at ?? '',
    o.access_ends_at ?? '',
    o.revoked_at ?? '',
    o.revoke_reason ?? '',
    o.payment_intent_id ?? '',
    o.list_price_cents === null ? '' : (o.list_price_cents / 100).toFixed(2),
    o.promo_code ?? '',
    o.promo_over_limit ? 'yes' : '',
  ];
  const oldestFirst = [...orders].reverse();
  return (
    [header, ...oldestFirst.map(row)].map((cells) => cells.map(csvCell).join(',')).join('\r\n') +
    '\r\n'
  );
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A field a spreadsheet
 * would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe, so a name typed by
 * a learner can never become a formula in the accountant's spreadsheet.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** `audit`: every change made with the command, oldest first. */
export async function auditText(deps: AdminDeps): Promise<string> {
  const entries = await deps.audit.list();
  if (entries.length === 0) return 'No change has been made with this command yet.';
  const rows = entries.map((e) => [
    minute(e.at),
    e.system_user,
    e.command,
    e.email,
    e.details,
    e.reason,
  ]);
  return table(['When (UTC)', 'System user', 'Command', 'Learner', 'What', 'Reason'], rows);
}
