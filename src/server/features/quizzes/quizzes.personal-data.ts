import type { PersonalDataOwner } from '../../platform/personal-data.ts';

/** Quiz attempts (decision 0027) and the place kept in a quiz not yet submitted (decision 0037). */
export const quizzesPersonalData: PersonalDataOwner = {
  feature: 'quizzes',
  tables: [
    { table: 'quiz_attempts', columns: ['user_id'] },
    { table: 'quiz_progress', columns: ['user_id'] },
  ],
  async export(db, userId) {
    const rows = await db
      .selectFrom('quiz_attempts')
      .select(['quiz_id', 'score', 'answers', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    const kept = await db
      .selectFrom('quiz_progress')
      .select(['quiz_id', 'question_index', 'answers', 'updated_at'])
      .where('user_id', '=', userId)
      .orderBy('quiz_id')
      .execute();
    return {
      quiz_attempts: rows.map((r) => ({ ...r, answers: JSON.parse(r.answers) as unknown })),
      quiz_progress: kept.map((r) => ({ ...r, answers: JSON.parse(r.answers) as unknown })),
    };
  },
  async erase(trx, userIds) {
    await trx.deleteFrom('quiz_attempts').where('user_id', 'in', userIds).execute();
    await trx.deleteFrom('quiz_progress').where('user_id', 'in', userIds).execute();
  },
};
