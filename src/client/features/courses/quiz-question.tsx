import type { Ref } from 'react';
import type { QuizReply } from '#shared/api/quiz.schema.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { hasInlineCode } from '#client/components/ui/inline-code.tsx';
import { ApiError } from '#client/lib/api.ts';
import styles from './quiz-page.module.css';
import { AnswerText, QuestionText } from './quiz-text.tsx';
import { quizIntro } from './quiz-next-step.ts';

type Question = QuizReply['questions'][number];

interface AnswerOptionsProps {
  question: Question;
  index: number;
  groupName: string;
  chosen: string | undefined;
  busy: boolean;
  onChoose(text: string): void;
}

/** Native radios: Tab enters the group, the arrow keys choose, Space picks. */
function AnswerOptions({ question, index, groupName, chosen, busy, onChoose }: AnswerOptionsProps) {
  // Answers written with `code` are prose; the printed text of an output question stays code-like.
  const proseAnswers = question.answers.some((answer) => hasInlineCode(answer.text));
  return (
    <div role="radiogroup" aria-labelledby={`${groupName}-q`} className={styles.options}>
      {question.answers.map((answer, a) => {
        const id = `${groupName}-${index}-${a}`;
        return (
          <div key={a} className={styles.option}>
            <input
              id={id}
              className={styles.radio}
              type="radio"
              name={`${groupName}-${index}`}
              value={answer.text}
              checked={chosen === answer.text}
              disabled={busy}
              onChange={() => onChoose(answer.text)}
            />
            <label
              htmlFor={id}
              className={proseAnswers ? `${styles.answer} ${styles.proseAnswer}` : styles.answer}
            >
              <AnswerText text={answer.text} prose={proseAnswers} />
            </label>
          </div>
        );
      })}
    </div>
  );
}

/** The submit failed: say why, keep the answers, offer another try. */
function SubmitError({ error, busy, onRetry }: { error: Error; busy: boolean; onRetry(): void }) {
  return (
    <Alert tone="error">
      <p>
        Your answers were not sent:{' '}
        {error instanceof ApiError ? error.message : 'something went wrong on the way.'} Your
        answers are kept.
      </p>
      <Button variant="quiet" onClick={onRetry} disabled={busy}>
        Try again
      </Button>
    </Alert>
  );
}

interface QuizQuestionProps {
  quizTitle: string;
  question: Question;
  index: number;
  total: number;
  last: boolean;
  groupName: string;
  chosen: string | undefined;
  busy: boolean;
  submitError: Error | null;
  questionRef: Ref<HTMLDivElement>;
  onChoose(text: string): void;
  onNext(): void;
  onRetry(): void;
}

/**
 * The question on screen: its number, its text, the answers and Next (Submit on the last one). It
 * fills the quiz's section after its live region.
 */
export function QuizQuestion({
  quizTitle,
  question,
  index,
  total,
  last,
  groupName,
  chosen,
  busy,
  submitError,
  questionRef,
  onChoose,
  onNext,
  onRetry,
}: QuizQuestionProps) {
  return (
    <>
      <header className={styles.header}>
        {/* A live region (issue 26): the focus moves to the question text, so the number of the
            new question is read out from here. */}
        <p className={styles.counter} role="status" aria-live="polite" aria-atomic="true">
          Question {index + 1}/{total}
        </p>
        <h1 id="quiz-heading" className={styles.title}>
          {quizTitle} Quiz
        </h1>
        {/* SPEC 4 opens the quiz at question 1, so its introduction is a line above it. */}
        {index === 0 ? <p className={styles.intro}>{quizIntro(total)}</p> : null}
      </header>

      <form
        onSubmit={(e) => {
          e.preventDefault();
          onNext();
        }}
      >
        <QuestionText id={`${groupName}-q`} text={question.questionText} ref={questionRef} />
        <AnswerOptions
          key={index}
          question={question}
          index={index}
          groupName={groupName}
          chosen={chosen}
          busy={busy}
          onChoose={onChoose}
        />

        {submitError ? <SubmitError error={submitError} busy={busy} onRetry={onRetry} /> : null}

        <Button type="submit" disabled={chosen === undefined || busy} aria-busy={busy}>
          {last ? (busy ? 'Submitting…' : 'Submit Quiz') : 'Next Question'}
        </Button>
      </form>
    </>
  );
}
