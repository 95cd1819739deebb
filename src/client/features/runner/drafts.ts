/*
 * The learner's code kept in localStorage until the server has it: written whenever a save fails
 * (offline, server down), read back on the next visit and sent again, removed once it is saved.
 */
import type { ExerciseProgress } from '#shared/api/exercise-progress.schema.ts';

const PREFIX = 'indent:exercise-draft:';

export interface Draft {
  code: string;
  solved: boolean;
  /** When the learner wrote it (ms since the epoch). */
  at: number;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export function readDraft(store: Store, exerciseId: string): Draft | undefined {
  try {
    const raw = store.getItem(PREFIX + exerciseId);
    if (!raw) return undefined;
    const value = JSON.parse(raw) as Partial<Draft>;
    if (typeof value.code !== 'string' || typeof value.at !== 'number') return undefined;
    return { code: value.code, solved: value.solved === true, at: value.at };
  } catch {
    return undefined;
  }
}

export function writeDraft(store: Store, exerciseId: string, draft: Draft): void {
  try {
    store.setItem(PREFIX + exerciseId, JSON.stringify(draft));
  } catch {
    // A full or disabled storage: the code still lives in the editor.
  }
}

export function removeDraft(store: Store, exerciseId: string): void {
  try {
    store.removeItem(PREFIX + exerciseId);
  } catch {
    // Nothing to clean up.
  }
}

/** Ids of the exercises with a draft waiting to be sent. */
export function draftIds(store: Store): string[] {
  const ids: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX)) ids.push(key.slice(PREFIX.length));
  }
  return ids;
}

export interface StartingPoint {
  code: string;
  solved: boolean;
  /** The code came from a draft the server does not have yet. */
  fromDraft: boolean;
}

/** What the editor opens with: the newer of the server's copy and a local draft, else the starter. */
export function startingPoint(
  starter: string,
  saved: ExerciseProgress | undefined,
  draft: Draft | undefined,
): StartingPoint {
  const solved = (saved?.solved ?? false) || (draft?.solved ?? false);
  if (draft && (!saved || draft.at > Date.parse(saved.updatedAt))) {
    return { code: draft.code, solved, fromDraft: true };
  }
  return { code: saved?.code ?? starter, solved, fromDraft: false };
}
