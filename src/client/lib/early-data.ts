import { EARLY_DATA_GLOBAL } from '#shared/early-data.ts';

/*
 * The app's side of the early requests the shell's inline script starts (src/shared/early-data.ts,
 * decision 0021): each answer is taken once, by the first GET of its URL, and whatever is left is
 * dropped as soon as the learner leaves the page they opened, so no later request is ever answered
 * from the page's first moments.
 */

type EarlyAnswers = Map<string, Promise<Response>>;

function answers(): EarlyAnswers | undefined {
  const found = (window as unknown as Record<string, unknown>)[EARLY_DATA_GLOBAL];
  return found instanceof Map ? (found as EarlyAnswers) : undefined;
}

/**
 * Adds answers asked for by other means (main.tsx, after a drawn page's first paint, decision
 * 0023) to those the shell's script started.
 */
export function keepEarlyAnswers(more: ReadonlyMap<string, Promise<Response>>): void {
  if (more.size === 0) return;
  const early = answers() ?? new Map<string, Promise<Response>>();
  for (const [url, answer] of more) early.set(url, answer);
  (window as unknown as Record<string, unknown>)[EARLY_DATA_GLOBAL] = early;
}

/** The answer the shell already asked for at `path`, taken out so that it is used once. */
export function takeEarlyAnswer(path: string): Promise<Response> | undefined {
  const early = answers();
  const answer = early?.get(path);
  early?.delete(path);
  return answer;
}

/** Forgets the answers nobody took (the learner moved on to another page). */
export function dropEarlyAnswers(): void {
  answers()?.clear();
}
