import type { Ref } from 'react';
import type { QuizReply, SubmitQuizReply } from '#shared/api/quiz.schema.ts';
import { Button, ButtonLink } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { hasInlineCode, inlineCodeNodes } from '#client/components/ui/inline-code.tsx';
import styles from './quiz-page.module.css';
import { AnswerText, QuestionText } from './quiz-text.tsx';

type ReviewItem = SubmitQuizReply['review'][number];

/** One graded question: the verdict, the question, both answers and the explanation. */
function ReviewedQuestion({ item, number }: { item: ReviewItem; number: number }) {
  // The review has only the two answers; either with code spans makes both prose.
  const prose = hasInlineCode(item.chosen) || hasInlineCode(item.correct);
  return (
    <Card
      as="li"
      tone={item.isCorrect ? 'right' : 'wrong'}
      className={item.isCorrect ? styles.right : styles.wrong}
    >
      <p className={styles.verdict}>
        Question {number}: {item.isCorrect ? 'correct' : 'not correct'}
      </p>
      <QuestionText text={item.questionText} />
      <dl className={styles.answers}>
        <dt>Your answer</dt>
        <dd>
          {item.chosen === '' ? 'Not answered' : <AnswerText text={item.chosen} prose={prose} />}
        </dd>
        {item.isCorrect ? null : (
          <>
            <dt>Correct answer</dt>
            <dd>
              <AnswerText text={item.correct} prose={prose} />
            </dd>
          </>
        )}
      </dl>
      <p className={styles.explanation}>{inlineCodeNodes(item.explanation)}</p>
    </Card>
  );
}

interface QuizResultsProps {
  quiz: QuizReply;
  result: SubmitQuizReply;
  headingRef: Ref<HTMLHeadingElement>;
  onRetake(): void;
}

/**
 * The graded quiz: the score, the way on, and every question with its answers. It fills the quiz's
 * section after its live region, which stays the same element so the score is read out.
 */
export function QuizResults({ quiz, result, headingRef, onRetake }: QuizResultsProps) {
  return (
    <>
      <h1 id="results-heading" ref={headingRef} tabIndex={-1} className={styles.title}>
        Your Quiz Results
      </h1>
      <p className={styles.kicker}>{quiz.title} Quiz</p>
      <p className={styles.score}>Your score: {result.score}%</p>
      {result.bestScore > result.score ? (
        <p className={styles.muted}>Your best score on this quiz is {result.bestScore}%.</p>
      ) : null}

      <div className={styles.resultActions}>
        <ButtonLink to="/dashboard">Return to Dashboard</ButtonLink>
        <Button variant="quiet" onClick={onRetake}>
          Retake quiz
        </Button>
      </div>

      <h2 className={styles.reviewHeading}>Review your answers</h2>
      <ol className={styles.review}>
        {result.review.map((item, i) => (
          <ReviewedQuestion key={i} item={item} number={i + 1} />
        ))}
      </ol>
    </>
  );
}
