import type { PersonalDataOwner } from '../../platform/personal-data.ts';

/** Lessons opened, exercise progress with the saved code, and the code's history (decision 0027). */
export const progressPersonalData: PersonalDataOwner = {
  feature: 'progress',
  tables: [
    { table: 'exercise_progress', columns: ['user_id'] },
    { table: 'lesson_visits', columns: ['user_id'] },
    { table: 'code_history', columns: ['user_id'] },
  ],
  async export(db, userId) {
    const [exercises, lessons, history] = await Promise.all([
      db
        .selectFrom('exercise_progress')
        .select(['exercise_id', 'code', 'solved_at', 'verified_at', 'updated_at'])
        .where('user_id', '=', userId)
        .orderBy('exercise_id')
        .execute(),
      db
        .selectFrom('lesson_visits')
        .select(['module_number', 'first_visited_at', 'last_visited_at'])
        .where('user_id', '=', userId)
        .orderBy('module_number')
        .execute(),
      db
        .selectFrom('code_history')
        .select(['exercise_id', 'code', 'passed', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('exercise_id')
        .orderBy('created_at')
        .execute(),
    ]);
    return {
      exercise_progress: exercises,
      lesson_visits: lessons,
      code_history: history.map((h) => ({ ...h, passed: h.passed === 1 })),
    };
  },
  async erase(trx, userIds) {
    await trx.deleteFrom('code_history').where('user_id', 'in', userIds).execute();
    await trx.deleteFrom('exercise_progress').where('user_id', 'in', userIds).execute();
    await trx.deleteFrom('lesson_visits').where('user_id', 'in', userIds).execute();
  },
};
