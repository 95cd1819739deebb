/*
 * What the content rules of issue 18 report, and which modules they do not bind yet. The rules
 * themselves are pure functions (lesson-rules.ts, quiz-rules.ts, exercise-rules.ts) so they can be
 * unit-tested without files or Python; `npm run verify:content` applies them.
 */

/**
 * Modules whose lesson and quizzes have not been reworked to the checkpoint / diagram / quiz-kind
 * format yet. For these the new rules are warnings; remove a number once its module is reworked.
 */
export const PENDING_REWORK: readonly number[] = Object.freeze([8, 9, 10, 11, 12, 13, 14, 15]);

export function isPendingRework(moduleNumber: number): boolean {
  return PENDING_REWORK.includes(moduleNumber);
}

/** The line the verifier prints on every run. */
export function pendingReworkLine(): string {
  return PENDING_REWORK.length === 0
    ? 'Rules for checkpoints, diagrams and quizzes apply to every module.'
    : `Rules for checkpoints, diagrams and quizzes not yet applied to modules: ${PENDING_REWORK.join(', ')} (reported as warnings)`;
}

export interface RuleFinding {
  readonly message: string;
  readonly hint?: string;
  /** 1-based number of the question inside its quiz, when the finding is about one question. */
  readonly question?: number;
  /** 1-based line of lesson.md, when the finding is about a place in the lesson. */
  readonly line?: number;
}

/** `n of total (p%)`, the way every share rule reports its numbers. */
export function share(n: number, total: number): string {
  return `${n} of ${total} (${total === 0 ? 0 : Math.round((n / total) * 100)}%)`;
}
