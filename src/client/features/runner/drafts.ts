/*
 * The learner's code kept in localStorage until the server has it: written whenever a save or a
 * Check fails to reach the server (offline, server down), read back on the next visit and sent
 * again, removed once it is saved. A Check that was not sent is sent again as a Check.
 */
import type { ExerciseProgress } from '#shared/api/exercise-progress.schema.ts';

const PREFIX = 'indent:exercise-draft:';

export interface Draft {
  code: string;
  /**
   * A Check that has not reached the server yet, with the browser's verdict (the badge shows it
   * until the server's verdict arrives); absent for code that was only typed.
   */
  check?: { browserPassed: boolean } | undefined;
  /** When the learner wrote it (ms since the epoch). */
  at: number;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export function readDraft(store: Store, exerciseId: string): Draft | undefined {
  try {
    const raw = store.getItem(PREFIX + exerciseId);
    if (!raw) return undefined;
    const value = JSON.parse(raw) as Partial<Draft> & { solved?: unknown };
    if (typeof value.code !== 'string' || typeof value.at !== 'number') return undefined;
    // Drafts kept before issue 30 marked a passing Check as `solved: true`.
    const browserPassed = value.check?.browserPassed ?? (value.solved === true ? true : undefined);
    return {
      code: value.code,
      ...(browserPassed !== undefined ? { check: { browserPassed } } : {}),
      at: value.at,
    };
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
  const solved = (saved?.solved ?? false) || (draft?.check?.browserPassed ?? false);
  if (draft && (!saved || draft.at > Date.parse(saved.updatedAt))) {
    return { code: draft.code, solved, fromDraft: true };
  }
  return { code: saved?.code ?? starter, solved, fromDraft: false };
}
