/*
 * What the content rules of issue 18 report. The rules themselves are pure functions (lesson-rules.ts, quiz-rules.ts, exercise-rules.ts) so they can be
 * unit-tested without files or Python; `npm run verify:content` applies them.
 */

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
