import type { SubmitQuizReply } from '#shared/api/quiz.schema.ts';
import type { GradableQuiz } from '../../content/course-content.ts';

const encode = (value: string | number | boolean): Buffer => Buffer.from(JSON.stringify(value));
const TRUE = encode(true);
const FALSE = encode(false);
const EMPTY = encode('');
const COMMA = Buffer.from(',');
const END = Buffer.from(']}');

/**
 * The graded reply of one quiz, written as bytes. Every text in a review (questions, answers,
 * explanations) is known at start-up, so it is JSON-escaped and UTF-8 encoded once; a submission
 * only joins the pieces, which is most of the work of POST /api/submit-quiz saved. The result is
 * byte for byte `JSON.stringify` of the same SubmitQuizReply (review-encoder.test.ts checks it).
 */
export function createReviewEncoder(quiz: GradableQuiz) {
  const questions = quiz.questions.map((question) => ({
    open: Buffer.from(`{"questionText":${JSON.stringify(question.questionText)},"chosen":`),
    chosen: new Map(question.answers.map((answer) => [answer, encode(answer)])),
    correct: Buffer.from(
      `,"correct":${JSON.stringify(question.answers[question.correct] ?? '')},"isCorrect":`,
    ),
    close: Buffer.from(`,"explanation":${JSON.stringify(question.explanation)}}`),
  }));

  return (reply: SubmitQuizReply): Buffer => {
    const parts: Buffer[] = [
      Buffer.from(`{"score":${reply.score},"bestScore":${reply.bestScore},"review":[`),
    ];
    reply.review.forEach((item, i) => {
      const pieces = questions[i];
      if (!pieces) throw new Error(`${quiz.slug} has no question ${i + 1}`);
      if (i > 0) parts.push(COMMA);
      const chosen = item.chosen === '' ? EMPTY : pieces.chosen.get(item.chosen);
      if (!chosen) throw new Error(`${quiz.slug} question ${i + 1} has no such answer`);
      parts.push(pieces.open, chosen, pieces.correct, item.isCorrect ? TRUE : FALSE, pieces.close);
    });
    parts.push(END);
    return Buffer.concat(parts);
  };
}
