/*
 * What the page and the service worker's offline half (sw/offline-cache.ts) say to each other, and
 * the caches' names (decision 0018).
 */

export const OFFLINE_CACHES = {
  /** Pages' HTML, build assets, icons and the Python runtime: the same for everyone. */
  shell: 'indent-shell-v1',
  /** The signed-in learner's paid answers (lessons, exercises, progress). */
  learner: 'indent-learner-v1',
  /** Whose the learner's cache is. */
  meta: 'indent-offline-meta-v1',
} as const;

/** Who is signed in on this device now (null: nobody); a change deletes the learner's cache. */
export interface OfflineOwnerMessage {
  type: 'indent-offline-owner';
  owner: string | null;
}

/** Files to keep for offline use now, before they are first needed (the Python runtime, and the
 * styles a page drawn on the server carries inline). */
export interface OfflineKeepMessage {
  type: 'indent-offline-keep';
  paths: string[];
}

export function isOfflineOwnerMessage(data: unknown): data is OfflineOwnerMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<OfflineOwnerMessage>;
  return (
    message.type === 'indent-offline-owner' &&
    (message.owner === null || (typeof message.owner === 'string' && message.owner.length > 0))
  );
}

export function isOfflineKeepMessage(data: unknown): data is OfflineKeepMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<OfflineKeepMessage>;
  return (
    message.type === 'indent-offline-keep' &&
    Array.isArray(message.paths) &&
    message.paths.every((path) => typeof path === 'string' && path.startsWith('/'))
  );
}
