/*
 * The place a learner has reached in a quiz not yet submitted (issue 35, decision 0037), kept on
 * the device (localStorage, so a reload or a lost connection keeps it) and on the server (so
 * another device does). Whichever copy is further on wins: the quiz never goes back a question, so
 * the further place is always the later one, whatever the two clocks say.
 */
import type { QuizProgress } from '#shared/api/quiz.schema.ts';

const PREFIX = 'indent:quiz-place:';

export interface QuizPlace {
  /** The question on screen, from 0. */
  index: number;
  /** The chosen answer texts by question index, '' for none yet. */
  answers: string[];
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

// Keyed by user as well, so two people sharing a browser never open each other's place.
const keyOf = (userId: string, quizId: string) => `${PREFIX}${userId}:${quizId}`;

export function readPlace(store: Store, userId: string, quizId: string): QuizPlace | undefined {
  try {
    const raw = store.getItem(keyOf(userId, quizId));
    if (!raw) return undefined;
    const value = JSON.parse(raw) as Partial<QuizPlace>;
    if (typeof value.index !== 'number' || !Array.isArray(value.answers)) return undefined;
    return {
      index: value.index,
      answers: value.answers.map((a) => (typeof a === 'string' ? a : '')),
    };
  } catch {
    return undefined;
  }
}

export function writePlace(store: Store, userId: string, quizId: string, place: QuizPlace): void {
  try {
    store.setItem(keyOf(userId, quizId), JSON.stringify(place));
  } catch {
    // A full or disabled storage: the server's copy and the page itself still hold the place.
  }
}

export function removePlace(store: Store, userId: string, quizId: string): void {
  try {
    store.removeItem(keyOf(userId, quizId));
  } catch {
    // Nothing to clean up.
  }
}

const answered = (place: QuizPlace) => place.answers.filter((a) => a !== '').length;

/** The place further on: the later question, then the one with more answers; `a` on a tie. */
export function furtherPlace(
  a: QuizPlace | undefined,
  b: QuizPlace | undefined,
): QuizPlace | undefined {
  if (!a || !b) return a ?? b;
  if (a.index !== b.index) return a.index > b.index ? a : b;
  return answered(b) > answered(a) ? b : a;
}

/**
 * A kept place this quiz can show: a question it has and answers among its options (a quiz edited
 * since drops the place), with every question before the current one answered.
 */
export function fitsQuiz(
  place: QuizPlace,
  questions: readonly { answers: readonly { text: string }[] }[],
): boolean {
  if (!Number.isInteger(place.index) || place.index < 0 || place.index >= questions.length) {
    return false;
  }
  if (place.answers.length > questions.length) return false;
  return questions.slice(0, place.index + 1).every((question, i) => {
    const answer = place.answers[i] ?? '';
    if (answer === '') return i === place.index;
    return question.answers.some((option) => option.text === answer);
  });
}

/** The server's reply as a place, or none. */
export const placeOf = (progress: QuizProgress | null | undefined): QuizPlace | undefined =>
  progress ? { index: progress.index, answers: progress.answers } : undefined;

/** The answers record the quiz page keeps, from a place's array ('' is "not answered yet"). */
export function answersRecord(place: QuizPlace | undefined): Record<number, string> {
  const record: Record<number, string> = {};
  place?.answers.forEach((answer, i) => {
    if (answer !== '') record[i] = answer;
  });
  return record;
}

/** The place after a step: the question on screen and the answers up to it. */
export const placeAt = (
  quiz: { questions: readonly unknown[] },
  at: number,
  chosen: Readonly<Record<number, string>>,
): QuizPlace => ({
  index: at,
  answers: quiz.questions.slice(0, at + 1).map((_, i) => chosen[i] ?? ''),
});
