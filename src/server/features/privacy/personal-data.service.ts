import type { Db } from '../../db/database.ts';
import type { EraseOptions, PersonalDataOwner } from '../../platform/personal-data.ts';

/** The key at the top of every export, so the file explains itself. */
export const EXPORT_README = [
  'Everything Indent holds about you, as of exported_at. Each section is kept by one part of the site:',
  'profile and sessions (your account), orders (what you bought; no card data is ever stored),',
  'quiz_attempts (your answers and scores), quiz_progress (where you are in a quiz not yet submitted),',
  'exercise_progress (your saved code per exercise and per project step, ids p1-s1-...),',
  'code_history (earlier versions of that code, one per Check), lesson_visits (modules opened),',
  'review_items (missed questions queued for review), study_goal and study_days (your weekly rhythm),',
  'certificates (those you issued, with what each was issued for), mails (what we sent you), changes_by_hand (changes the seller',
  'made to your access). Times are UTC (ISO 8601).',
].join(' ');

/**
 * The privacy feature's view of personal data: the owners it is given, composed. It never reads a
 * table itself; every row comes from the feature that keeps it.
 */
export function createPersonalData(owners: readonly PersonalDataOwner[]) {
  return {
    owners,

    /** One document with every owner's rows about this person. */
    async exportOf(db: Db, userId: string, exportedAt: string): Promise<Record<string, unknown>> {
      const parts = await Promise.all(owners.map((owner) => owner.export(db, userId)));
      return Object.assign({ README: EXPORT_README, exported_at: exportedAt }, ...parts) as Record<
        string,
        unknown
      >;
    },

    /** Erases these people's rows through every owner, in the caller's transaction. */
    async erase(trx: Db, userIds: readonly string[], options: EraseOptions): Promise<void> {
      if (userIds.length === 0) return;
      for (const owner of owners) await owner.lock?.(trx, userIds);
      for (const owner of owners) await owner.erase(trx, userIds, options);
    },
  };
}
export type PersonalData = ReturnType<typeof createPersonalData>;
