import { precompile } from '../../db/precompiled.ts';
import { timeOrderedId } from '../../db/time-ordered-id.ts';
import type { Db } from '../../db/database.ts';

export interface AttemptRow {
  userId: string;
  quizId: string;
  score: number;
  answers: readonly string[];
  createdAt: string;
}

const pairKey = (userId: string, quizId: string) => `${userId}\n${quizId}`;

/** Quiz attempts, lesson visits and solved exercises of one user. */
export function createProgressRepo(db: Db) {
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

  return {
    /**
     * Stores attempts in one transaction and returns for each one its user's best score on that
     * quiz with it included. Called with many attempts at once by the write batcher
     * (quiz.service.ts): the commit, which costs more than the rows, is paid once for all of them.
     */
    async recordAttempts(rows: readonly AttemptRow[]): Promise<number[]> {
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
    },

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

    async recordLessonVisit(userId: string, moduleNumber: number, now: string): Promise<void> {
      await db
        .insertInto('lesson_visits')
        .values({
          user_id: userId,
          module_number: moduleNumber,
          first_visited_at: now,
          last_visited_at: now,
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'module_number']).doUpdateSet({ last_visited_at: now }),
        )
        .execute();
    },

    async lessonVisits(userId: string): Promise<{ moduleNumber: number; lastVisitedAt: string }[]> {
      const rows = await db
        .selectFrom('lesson_visits')
        .select(['module_number', 'last_visited_at'])
        .where('user_id', '=', userId)
        .execute();
      return rows.map((r) => ({
        moduleNumber: Number(r.module_number),
        lastVisitedAt: r.last_visited_at,
      }));
    },

    async solvedExercises(userId: string): Promise<{ exerciseId: string; solvedAt: string }[]> {
      const rows = await db
        .selectFrom('exercise_progress')
        .select(['exercise_id', 'solved_at'])
        .where('user_id', '=', userId)
        .where('solved_at', 'is not', null)
        .execute();
      return rows.flatMap((r) =>
        r.solved_at ? [{ exerciseId: r.exercise_id, solvedAt: r.solved_at }] : [],
      );
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
export type ProgressRepo = ReturnType<typeof createProgressRepo>;
