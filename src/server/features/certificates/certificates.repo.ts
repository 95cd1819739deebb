import type { Db } from '../../db/database.ts';

export interface CertificateRow {
  id: string;
  userId: string;
  name: string;
  issuedAt: string;
  withdrawnAt: string | null;
  revokedAt: string | null;
  /** What it was issued for, as JSON (CertificateIssuedFor); null for one issued before projects. */
  issuedFor: string | null;
}

type Selected = {
  id: string;
  user_id: string;
  name: string;
  issued_at: string;
  withdrawn_at: string | null;
  revoked_at: string | null;
  issued_for: string | null;
};

const columns = [
  'id',
  'user_id',
  'name',
  'issued_at',
  'withdrawn_at',
  'revoked_at',
  'issued_for',
] as const;

function toRow(r: Selected): CertificateRow {
  return {
    id: r.id,
    userId: r.user_id,
    name: r.name,
    issuedAt: r.issued_at,
    withdrawnAt: r.withdrawn_at,
    revokedAt: r.revoked_at,
    issuedFor: r.issued_for,
  };
}

export function createCertificatesRepo(db: Db) {
  return {
    async find(id: string): Promise<CertificateRow | undefined> {
      const row = await db
        .selectFrom('certificates')
        .select(columns)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toRow(row);
    },

    /** The learner's certificate that is neither withdrawn nor revoked, if any. */
    async current(userId: string): Promise<CertificateRow | undefined> {
      const row = await db
        .selectFrom('certificates')
        .select(columns)
        .where('user_id', '=', userId)
        .where('withdrawn_at', 'is', null)
        .where('revoked_at', 'is', null)
        .orderBy('issued_at', 'desc')
        .executeTakeFirst();
      return row && toRow(row);
    },

    /** False when the learner already holds a current certificate (the unique index said no). */
    async insert(row: {
      id: string;
      userId: string;
      name: string;
      issuedAt: string;
      issuedFor: string;
    }): Promise<boolean> {
      const result = await db
        .insertInto('certificates')
        .values({
          id: row.id,
          user_id: row.userId,
          name: row.name,
          issued_at: row.issuedAt,
          issued_for: row.issuedFor,
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Withdrawn by its holder: the name goes at once; the row stays so the address says so. */
    async withdraw(id: string, at: string): Promise<void> {
      await db
        .updateTable('certificates')
        .set({ withdrawn_at: at, name: '' })
        .where('id', '=', id)
        .where('withdrawn_at', 'is', null)
        .execute();
    },

    /** Revoked by us (for example, work found not to be the learner's own). */
    async revoke(id: string, at: string, reason: string): Promise<boolean> {
      const result = await db
        .updateTable('certificates')
        .set({ revoked_at: at, revoked_reason: reason, name: '' })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
export type CertificatesRepo = ReturnType<typeof createCertificatesRepo>;
