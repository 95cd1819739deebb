import type { Db } from '../../db/database.ts';
import { precompile } from '../../db/precompiled.ts';
import { timeOrderedId } from '../../db/time-ordered-id.ts';
import { createWriteBatcher } from '../../db/write-batcher.ts';

export interface AttemptRow {
  userId: string;
  quizId: string;
  score: number;
  answers: readonly string[];
  createdAt: string;
}

const pairKey = (userId: string, quizId: string) => `${userId}\n${quizId}`;

/** Quiz attempts (the `quiz_attempts` table): every attempt is kept; the best one is reported. */
export function createAttemptsRepo(db: Db) {
  // The two queries of every quiz submission, compiled once (db/precompiled.ts).
  const insertAttempt = precompile(
    (
      id: string,
      userId: string,
      quizId: string,
      score: number,
      answers: string,
      createdAt: string,
    ) =>
      db.insertInto('quiz_attempts').values({
        id,
        user_id: userId,
        quiz_id: quizId,
        score,
        answers,
        created_at: createdAt,
      }),
  );
  // MAX alone, with no GROUP BY, reads the top of the (user, quiz, score) index on both engines
  // instead of every attempt of a learner who retakes a lot.
  const bestScoreQuery = precompile((userId: string, quizId: string) =>
    db
      .selectFrom('quiz_attempts')
      .select((eb) => eb.fn.max('score').as('best'))
      .where('user_id', '=', userId)
      .where('quiz_id', '=', quizId),
  );

  /**
   * Stores attempts in one transaction and returns for each one its user's best score on that quiz
   * with it included.
   */
  async function recordMany(rows: readonly AttemptRow[]): Promise<number[]> {
    if (rows.length === 0) return [];
    return db.transaction().execute(async (trx) => {
      for (const row of rows) {
        await insertAttempt.run(
          trx,
          timeOrderedId(),
          row.userId,
          row.quizId,
          row.score,
          JSON.stringify(row.answers),
          row.createdAt,
        );
      }
      const best = new Map<string, number>();
      for (const row of rows) {
        const key = pairKey(row.userId, row.quizId);
        if (best.has(key)) continue;
        const [found] = (await bestScoreQuery.run(trx, row.userId, row.quizId)).rows;
        best.set(key, found?.best == null ? row.score : Number(found.best));
      }
      return rows.map((r) => best.get(pairKey(r.userId, r.quizId)) ?? r.score);
    });
  }

  // Many learners submitting in the same event-loop turn share one commit (decision 0009): the
  // commit costs more than the rows. Each caller hears back only once its row is committed.
  const record = createWriteBatcher<AttemptRow, number>({ write: recordMany, maxBatch: 100 });

  return {
    /** Stores one attempt; resolves, after the commit, to the user's best score on that quiz. */
    record,

    /** Best score per quiz tried, oldest first try first. */
    async bestScores(userId: string): Promise<{ quizId: string; bestScore: number }[]> {
      const rows = await db
        .selectFrom('quiz_attempts')
        .select((eb) => [
          'quiz_id',
          eb.fn.max('score').as('best'),
          eb.fn.min('created_at').as('first_at'),
        ])
        .where('user_id', '=', userId)
        .groupBy('quiz_id')
        .orderBy('first_at')
        .execute();
      return rows.map((r) => ({ quizId: r.quiz_id, bestScore: Number(r.best) }));
    },

    /** The time and quiz of the user's latest attempt, if any. */
    async latestAttempt(userId: string): Promise<{ quizId: string; at: string } | undefined> {
      const row = await db
        .selectFrom('quiz_attempts')
        .select(['quiz_id', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? { quizId: row.quiz_id, at: row.created_at } : undefined;
    },
  };
}
export type AttemptsRepo = ReturnType<typeof createAttemptsRepo>;

/**
 * Every attempt of every learner, answers included: read by the admin command's report and question
 * figures (wired in src/server/admin.ts), never on a learner's request.
 */
export function createAttemptHistory(db: Db) {
  return { everyAttempt: () => everyAttempt(db) };
}

async function everyAttempt(db: Db): Promise<AttemptRow[]> {
  const rows = await db
    .selectFrom('quiz_attempts')
    .select(['user_id', 'quiz_id', 'score', 'answers', 'created_at'])
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    quizId: r.quiz_id,
    score: Number(r.score),
    answers: parseAnswers(r.answers),
    createdAt: r.created_at,
  }));
}

/** The stored answers (a JSON array of strings); anything else reads as no answers. */
function parseAnswers(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.map((a) => (typeof a === 'string' ? a : '')) : [];
  } catch {
    return [];
  }
}
