import { describe, expect, it } from 'vitest';
import type { SubmitQuizReply } from '#shared/api/quiz.schema.ts';
import { testContent } from '../../testing/test-app.ts';
import { createReviewEncoder } from './review-encoder.ts';

describe('review encoder', () => {
  it('writes exactly what JSON.stringify would, for every quiz of the course', async () => {
    const content = await testContent();
    let seed = 7;
    // A fixed pseudo-random sequence, so a failure can be reproduced.
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (const quiz of content.quizzes.values()) {
      const encode = createReviewEncoder(quiz);
      for (let round = 0; round < 3; round++) {
        const review = quiz.questions.map((question) => {
          const pick = next() % (question.answers.length + 1);
          const chosen = pick === question.answers.length ? '' : (question.answers[pick] ?? '');
          const correct = question.answers[question.correct] ?? '';
          return {
            questionText: question.questionText,
            chosen,
            correct,
            isCorrect: chosen === correct,
            explanation: question.explanation,
          };
        });
        const reply: SubmitQuizReply = { score: next() % 101, bestScore: 100, review };
        expect(encode(reply).toString('utf8'), quiz.slug).toBe(JSON.stringify(reply));
      }
    }
  });

  it('refuses an answer the question does not have', async () => {
    const content = await testContent();
    const quiz = [...content.quizzes.values()][0];
    if (!quiz) throw new Error('no quiz');
    const first = quiz.questions[0];
    const reply: SubmitQuizReply = {
      score: 0,
      bestScore: 0,
      review: [
        {
          questionText: first?.questionText ?? '',
          chosen: 'not one of the answers',
          correct: '',
          isCorrect: false,
          explanation: '',
        },
      ],
    };
    expect(() => createReviewEncoder(quiz)(reply)).toThrow(/no such answer/);
  });
});
