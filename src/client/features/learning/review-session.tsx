import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type {
  ReviewAnswerReply,
  ReviewQuestion,
  ReviewQueueReply,
} from '#shared/api/review.schema.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button, ButtonLink } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { inlineCodeNodes } from '#client/components/ui/inline-code.tsx';
import { PageLoader } from '#client/components/ui/page-loader.tsx';
import { shortDateTime, useAnswerReview, useReviewQueue } from './learning-api.ts';
import styles from './learning.module.css';

/**
 * The review page's body: the due questions one at a time. The server grades each answer and only
 * then sends the right answer and the explanation.
 */
export function ReviewSession() {
  const queue = useReviewQueue();

  if (queue.isError) {
    return (
      <Alert tone="error">
        <p>We could not load your review. {queue.error.message}</p>
        <Button variant="quiet" onClick={() => void queue.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (!queue.data) return <PageLoader label="Loading your review" />;
  return <Sitting queue={queue.data} />;
}

function Sitting({ queue }: { queue: ReviewQueueReply }) {
  // The sitting is fixed when it starts: a refetch (after the last answer, or when the window
  // regains focus) neither reshuffles the questions nor swaps the summary for "nothing due".
  const [{ questions, nextDueAt }] = useState(queue);
  const [index, setIndex] = useState(0);
  const [right, setRight] = useState(0);
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const done = index >= questions.length;

  useEffect(() => {
    if (!done || questions.length === 0) return;
    heading.current?.focus();
    void queryClient.invalidateQueries({ queryKey: ['review'] });
  }, [done, questions.length, queryClient]);

  if (questions.length === 0) {
    return (
      <Alert tone="info" live={false}>
        <p>
          No questions are due for review.{' '}
          {nextDueAt
            ? `The next ones are due ${shortDateTime(nextDueAt)}.`
            : 'Questions you miss in a quiz come back here a day later.'}
        </p>
        <ButtonLink variant="secondary" to="/dashboard">
          Back to the dashboard
        </ButtonLink>
      </Alert>
    );
  }
  if (done) {
    return (
      <section aria-labelledby="review-done">
        <h2 id="review-done" ref={heading} tabIndex={-1}>
          Review done: {right} of {questions.length} right
        </h2>
        <p>
          Questions you got right come back later (after 3, then 7, then 21 days); the others come
          back tomorrow.
        </p>
        <ButtonLink to="/dashboard">Back to the dashboard</ButtonLink>
      </section>
    );
  }
  const question = questions[index] as ReviewQuestion;
  return (
    <ReviewCard
      key={`${question.quizId}:${question.questionIndex}`}
      question={question}
      position={`Question ${index + 1} of ${questions.length}`}
      onNext={(wasRight) => {
        if (wasRight) setRight((n) => n + 1);
        setIndex((i) => i + 1);
      }}
    />
  );
}

/** A question's text is its prose, then (after a blank line) the program it asks about, if any. */
function splitQuestion(text: string): { prose: string; program: string } {
  const gap = text.indexOf('\n\n');
  const prose = gap === -1 ? text : text.slice(0, gap);
  const program = gap === -1 ? '' : text.slice(gap + 2);
  return { prose, program };
}

/** The server's verdict, the explanation and when the question comes back. */
function ReviewFeedback({ result }: { result: ReviewAnswerReply }) {
  return (
    <Alert tone={result.isCorrect ? 'success' : 'info'}>
      <p>
        <strong>{result.isCorrect ? 'Right.' : 'Not quite.'}</strong>{' '}
        {result.isCorrect ? null : <>The answer is {inlineCodeNodes(result.correct)}. </>}
        {inlineCodeNodes(result.explanation)}
      </p>
      <p className={styles.muted}>
        {result.nextDueAt
          ? `This question comes back ${shortDateTime(result.nextDueAt)}.`
          : 'You have now answered it right four times: it leaves your review.'}
      </p>
    </Alert>
  );
}

function ReviewCard(props: {
  question: ReviewQuestion;
  position: string;
  onNext(wasRight: boolean): void;
}) {
  const { question } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  // Each question takes the focus when it appears, so a screen reader reads it next. The first one
  // too: the sitting starts when the page has loaded, and the question is what the page is for.
  useEffect(() => heading.current?.focus(), []);
  const [choice, setChoice] = useState('');
  const [result, setResult] = useState<ReviewAnswerReply | null>(null);
  const [missing, setMissing] = useState(false);
  const answer = useAnswerReview();
  const id = useId();
  const { prose, program } = splitQuestion(question.questionText);

  const submit = () => {
    if (choice === '') {
      setMissing(true);
      return;
    }
    answer.mutate(
      { quizId: question.quizId, questionIndex: question.questionIndex, answer: choice },
      { onSuccess: setResult },
    );
  };

  return (
    <Card as="section" className={styles.reviewCard} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} ref={heading} tabIndex={-1} className={styles.position}>
        {props.position} <span className={styles.muted}>from {question.quizTitle}</span>
      </h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (result) props.onNext(result.isCorrect);
          else submit();
        }}
      >
        <fieldset className={styles.choices} disabled={result !== null || answer.isPending}>
          <legend className={styles.questionProse}>{inlineCodeNodes(prose)}</legend>
          {program ? <pre className={styles.program}>{program}</pre> : null}
          {question.answers.map((option, i) => (
            <label key={i} className={styles.choice}>
              <input
                type="radio"
                name={`${id}-answer`}
                value={option.text}
                checked={choice === option.text}
                onChange={() => {
                  setChoice(option.text);
                  setMissing(false);
                }}
              />
              <span>{inlineCodeNodes(option.text)}</span>
            </label>
          ))}
        </fieldset>
        {missing ? (
          <Alert tone="error">
            <p>Pick an answer first.</p>
          </Alert>
        ) : null}
        {answer.isError ? (
          <Alert tone="error">
            <p>{answer.error.message}</p>
          </Alert>
        ) : null}
        {result ? <ReviewFeedback result={result} /> : null}
        <div className={styles.actions}>
          <Button type="submit" busy={answer.isPending}>
            {result ? 'Next question' : 'Check answer'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
