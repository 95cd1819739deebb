import type { Db } from '../db/database.ts';

/*
 * Each feature that keeps a person's data declares it here (issue 37, decision 0027): the tables,
 * the columns in them that point at the person, and how to export and erase that person's rows.
 * The privacy feature composes the declarations it is given (buildApp, admin.ts) and never reads
 * another feature's tables itself; a test holds every table of the real schema to a declaration.
 */

/** A table holding a person's rows, and the columns that say whose (a user id or an e-mail). */
export interface PersonalDataTable {
  table: string;
  columns: readonly string[];
  /**
   * Why the person's rows stay after erasing, when they do (orders: the law; certificates: the
   * learner's choice). Left out: erasing leaves no row of the person in this table.
   */
  kept?: string;
}

export interface EraseOptions {
  now: string;
  /** Self-service deletion may withdraw the public certificate; the keeping-periods job never does. */
  withdrawCertificate: boolean;
}

export interface PersonalDataOwner {
  feature: string;
  tables: readonly PersonalDataTable[];
  /** The person's rows, readable by them, under names the export's README explains. */
  export(db: Db, userId: string): Promise<Record<string, unknown>>;
  /**
   * Takes the write lock on these people's records before any owner erases (the account owner's
   * row), so a write about them that waits on the same lock (a receipt queued by a late payment)
   * runs wholly before the erasing or wholly after it, never between its statements.
   */
  lock?(trx: Db, userIds: readonly string[]): Promise<void>;
  /** Erases these people's rows in the caller's transaction (`trx`); running it twice is harmless. */
  erase(trx: Db, userIds: readonly string[], options: EraseOptions): Promise<void>;
}
