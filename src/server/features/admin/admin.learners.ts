import { QUIZ_PASS_MARK } from '#shared/quiz-rules.ts';
import { learnerByEmail, liveOrders } from './admin.changes.ts';
import type { AdminDeps, Learner, Order } from './admin.ports.ts';
import { day, minute, money, table } from './admin.text.ts';

/** The most learners one listing prints; a search narrows it down. */
export const LEARNERS_SHOWN = 200;

/** What a learner's access is now, in a few words. */
function accessNow(orders: readonly Order[], now: Date): string {
  const [live] = liveOrders(orders, now);
  if (!live) return 'none';
  const comp = live.kind === 'complimentary' ? ' (complimentary)' : '';
  return `until ${day(live.access_ends_at)}${comp}`;
}

/** `learners [--search TEXT]`: who they are and whether their access runs. */
export async function listLearners(deps: AdminDeps, search: string | undefined): Promise<string> {
  const learners = await deps.learners.search(search?.trim() || undefined, LEARNERS_SHOWN + 1);
  const shown = learners.slice(0, LEARNERS_SHOWN);
  const orders = await deps.orders.listOrders();
  const byUser = new Map<string, Order[]>();
  for (const order of orders)
    byUser.set(order.user_id, [...(byUser.get(order.user_id) ?? []), order]);
  const now = deps.clock.now();
  const rows = shown.map((l) => [
    l.email,
    l.name,
    day(l.created_at),
    accessNow(byUser.get(l.id) ?? [], now),
    String((byUser.get(l.id) ?? []).length),
  ]);
  const more =
    learners.length > LEARNERS_SHOWN
      ? `\nOnly the first ${LEARNERS_SHOWN}: narrow with --search.`
      : '';
  if (rows.length === 0) return search ? `No learner matches "${search}".` : 'No learners yet.';
  return `${table(['E-mail', 'Name', 'Joined', 'Access', 'Orders'], rows)}\n${rows.length} learner(s).${more}`;
}

/** `show EMAIL`: the account, its orders, its access and its progress. */
export async function showLearner(deps: AdminDeps, email: string | undefined): Promise<string> {
  const learner = await learnerByEmail(deps, email);
  const now = deps.clock.now();
  const orders = await deps.orders.listOrders(learner.id);
  return [
    who(learner),
    `Access:  ${accessNow(orders, now)}`,
    '',
    ordersTable(orders),
    '',
    await progress(deps, learner),
    '',
    await changesByHand(deps, learner),
  ].join('\n');
}

/** What this command did to the learner (a refund asked of Stripe shows here until it lands). */
async function changesByHand(deps: AdminDeps, learner: Learner): Promise<string> {
  const mine = (await deps.audit.list()).filter((e) => e.user_id === learner.id);
  if (mine.length === 0) return 'Changes by hand: none';
  const rows = mine.map((e) => [minute(e.at), e.system_user, e.command, e.details, e.reason]);
  return `Changes by hand:\n${table(['When (UTC)', 'System user', 'Command', 'What', 'Reason'], rows)}`;
}

function who(learner: Learner): string {
  return [
    `${learner.name} <${learner.email}>`,
    `Account: ${learner.id}, joined ${day(learner.created_at)}${learner.anonymized_at ? `, anonymized ${day(learner.anonymized_at)}` : ''}`,
  ].join('\n');
}

function ordersTable(orders: readonly Order[]): string {
  if (orders.length === 0) return 'Orders:  none';
  const rows = orders.map((o) => [
    o.id,
    o.kind,
    o.status,
    money(o.amount_cents, o.currency),
    day(o.paid_at),
    day(o.access_ends_at),
    o.revoked_at ? `${day(o.revoked_at)}: ${o.revoke_reason ?? ''}` : '-',
  ]);
  return `Orders:\n${table(['Order', 'Kind', 'Status', 'Amount', 'Paid', 'Access until', 'Revoked'], rows)}`;
}

async function progress(deps: AdminDeps, learner: Learner): Promise<string> {
  const [course, visits, solved, scores] = await Promise.all([
    deps.course(),
    deps.learning.lessonVisits(learner.id),
    deps.learning.solvedExercises(learner.id),
    deps.learning.bestScores(learner.id),
  ]);
  const exercises = new Set([...course.exerciseIds.values()].flat());
  const quizzes = new Set(course.quizzes.map((q) => q.slug));
  const solvedInCourse = solved.filter((s) => exercises.has(s.exerciseId)).length;
  const passed = scores.filter(
    (s) => quizzes.has(s.quizId) && s.bestScore >= QUIZ_PASS_MARK,
  ).length;
  const last = [...visits.map((v) => v.lastVisitedAt), ...solved.map((s) => s.solvedAt)]
    .sort()
    .at(-1);
  return [
    'Progress:',
    `  lessons opened    ${visits.length} of ${course.modules.length}`,
    `  exercises solved  ${solvedInCourse} of ${exercises.size}`,
    `  quizzes passed    ${passed} of ${quizzes.size} (best score at least ${QUIZ_PASS_MARK}%)`,
    `  last activity     ${day(last)}`,
  ].join('\n');
}
