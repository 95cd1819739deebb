import type { Ref } from 'react';
import { Link } from 'react-router';
import type { QuizReply, SubmitQuizReply } from '#shared/api/quiz.schema.ts';
import { QUIZ_PASS_MARK } from '#shared/quiz-rules.ts';
import { Button, ButtonLink } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { hasInlineCode, inlineCodeNodes } from '#client/components/ui/inline-code.tsx';
import styles from './quiz-page.module.css';
import { AnswerText, QuestionText } from './quiz-text.tsx';
import { hasPassed, type NextStep } from './quiz-next-step.ts';

type ReviewItem = SubmitQuizReply['review'][number];

/** Where a missed question is taught: the module's lesson (the content names no finer section). */
export interface LessonLink {
  to: string;
  title: string;
}

/**
 * One graded question: the verdict, the question, both answers, the explanation and, when missed,
 * the lesson to read again.
 */
function ReviewedQuestion({
  item,
  number,
  lesson,
}: {
  item: ReviewItem;
  number: number;
  lesson: LessonLink;
}) {
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
      {item.isCorrect ? null : (
        <p className={styles.readAgain}>
          <Link to={lesson.to}>
            Read about it again in the {lesson.title} lesson
            <span className="visually-hidden"> (question {number})</span>
          </Link>
        </p>
      )}
    </Card>
  );
}

interface QuizResultsProps {
  quiz: QuizReply;
  result: SubmitQuizReply;
  headingRef: Ref<HTMLHeadingElement>;
  /** The module's lesson, for the questions missed. */
  lesson: LessonLink;
  /** The next quiz or lesson; null after the course's last quiz. */
  next: NextStep | null;
  onRetake(): void;
}

/**
 * The graded quiz: the score, the way on, and every question with its answers. It fills the quiz's
 * section after its live region, which stays the same element so the score is read out.
 */
export function QuizResults({
  quiz,
  result,
  headingRef,
  lesson,
  next,
  onRetake,
}: QuizResultsProps) {
  const passed = hasPassed(result.score);
  return (
    <>
      <h1 id="results-heading" ref={headingRef} tabIndex={-1} className={styles.title}>
        Your Quiz Results
      </h1>
      <p className={styles.kicker}>{quiz.title} Quiz</p>
      <div className={styles.scoreLine}>
        <p className={styles.score}>Your score: {result.score}%</p>
        <p className={passed ? styles.passed : styles.notYet}>{passed ? 'Passed' : 'Not yet'}</p>
      </div>
      <p className={styles.muted}>
        {passed
          ? `You reached the pass mark of ${QUIZ_PASS_MARK}%.`
          : `The pass mark is ${QUIZ_PASS_MARK}%. Read about the questions you missed, then retake the quiz when you are ready.`}
      </p>
      {result.bestScore > result.score ? (
        <p className={styles.muted}>Your best score on this quiz is {result.bestScore}%.</p>
      ) : null}

      <div className={styles.resultActions}>
        <ButtonLink to="/dashboard">Return to Dashboard</ButtonLink>
        <Button variant="quiet" onClick={onRetake}>
          Retake quiz
        </Button>
      </div>
      {/* Its own row, after the SPEC's button, so Return to Dashboard stays one Tab from the
          heading and a long title does not break the row of buttons. */}
      {next ? (
        <p className={styles.nextStep}>
          <ButtonLink variant="secondary" to={next.to}>
            {next.label}
          </ButtonLink>
        </p>
      ) : null}

      <h2 className={styles.reviewHeading}>Review your answers</h2>
      <ol className={styles.review}>
        {result.review.map((item, i) => (
          <ReviewedQuestion key={i} item={item} number={i + 1} lesson={lesson} />
        ))}
      </ol>
    </>
  );
}
