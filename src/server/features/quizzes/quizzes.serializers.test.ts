import { describe, expect, it } from 'vitest';
import {
  quizListReplySchema,
  quizReplySchema,
  submitQuizReplySchema,
} from '#shared/api/quiz.schema.ts';
import { testContent } from '../../testing/test-app.ts';
import type { QuizService } from './quiz.service.ts';
import { createQuizService } from './quiz.service.ts';
import { createQuizSerializers } from './quizzes.serializers.ts';

// The quiz routes send bytes that Fastify does not check against their response schemas, so these
// tests do, for every reply the serializers prepare (decision 0008's promise).

async function setUp() {
  const content = await testContent();
  const serializers = createQuizSerializers(content);
  // Grading without a database: the attempts are "stored" with no earlier best score.
  const quizzes: QuizService = createQuizService({
    content,
    clock: { now: () => new Date('2026-03-01T12:00:00.000Z') },
    attempts: {
      record: (row) => Promise.resolve(row.score),
      bestScores: () => Promise.resolve([]),
      latestAttempt: () => Promise.resolve(undefined),
    },
    progress: { clear: () => Promise.resolve() },
    followers: [],
    log: { error: () => undefined, warn: () => undefined },
  });
  return { content, serializers, quizzes };
}

describe('quiz serializers', () => {
  it('write the quiz list and every quiz exactly as their schemas describe them', async () => {
    const { content, serializers, quizzes } = await setUp();
    const list = JSON.parse(serializers.list(quizzes.list()).toString('utf8')) as unknown;
    expect(quizListReplySchema.parse(list)).toEqual(list);
    expect(list).toEqual(JSON.parse(JSON.stringify(content.quizList)));
    for (const summary of content.quizList) {
      const reply = quizzes.byTitle(summary._id);
      const sent = JSON.parse(serializers.quiz(reply).toString('utf8')) as unknown;
      expect(quizReplySchema.parse(sent), summary._id).toEqual(sent);
      expect(sent, summary._id).toEqual(JSON.parse(JSON.stringify(reply)));
    }
  });

  it('write every review (all right, all wrong, none answered) as its schema and JSON.stringify would', async () => {
    const { content, serializers, quizzes } = await setUp();
    for (const quiz of content.quizzes.values()) {
      const right = quiz.questions.map((q) => q.answers[q.correct] ?? '');
      const wrong = quiz.questions.map((q) => q.answers.find((_, i) => i !== q.correct) ?? '');
      const none = quiz.questions.map(() => '');
      for (const answers of [right, wrong, none]) {
        const graded = await quizzes.submit('user', { quizId: quiz.slug, answers });
        const bytes = serializers.submission(graded);
        expect(bytes.toString('utf8'), quiz.slug).toBe(JSON.stringify(graded.reply));
        const sent = JSON.parse(bytes.toString('utf8')) as unknown;
        expect(submitQuizReplySchema.parse(sent), quiz.slug).toEqual(sent);
      }
    }
  });
});
