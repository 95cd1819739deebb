import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { useParams } from 'react-router';
import type { QuizReply, SubmitQuizReply } from '#shared/api/quiz.schema.ts';
import { useAuth } from '#client/features/auth/auth-context.tsx';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button, ButtonLink } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { hasInlineCode, inlineCodeNodes } from '#client/components/ui/inline-code.tsx';
import { Page } from '#client/components/ui/page.tsx';
import { api, ApiError } from '#client/lib/api.ts';
import { log } from '#client/lib/log.ts';
import { usePageTitle } from '#client/lib/page-title.ts';
import { courseKeys, useQuiz } from './courses-api.ts';
import { CourseTopbar } from './course-topbar.tsx';
import styles from './quiz-page.module.css';

/** SPEC 2: the literal two characters backslash-n in a question are shown as a line break too. */
const withBreaks = (text: string) => text.replace(/\\n/g, '\n');

/**
 * A question is its text, then (after the first blank line) the program it asks about. The text is
 * prose with `inline code`; the program is shown as written, preformatted.
 */
function QuestionText({ text, id, ref }: { text: string; id?: string; ref?: Ref<HTMLDivElement> }) {
  const full = withBreaks(text);
  const gap = full.indexOf('\n\n');
  const prose = gap === -1 ? full : full.slice(0, gap);
  const program = gap === -1 ? '' : full.slice(gap + 2);
  return (
    <div id={id} className={styles.question} ref={ref} tabIndex={-1}>
      <p className={styles.questionProse}>{inlineCodeNodes(prose)}</p>
      {program ? <pre className={styles.program}>{program}</pre> : null}
    </div>
  );
}

/**
 * An answer with `backticks` is prose with code in it; one without (the printed text of an output
 * question) is shown as the program would print it, in the code font.
 */
function AnswerText({ text, prose }: { text: string; prose: boolean }) {
  return prose ? <>{inlineCodeNodes(text)}</> : <span className={styles.printed}>{text}</span>;
}

export function QuizPage() {
  const { quizTitle = '' } = useParams();
  const quiz = useQuiz(quizTitle);
  usePageTitle(quiz.data ? `${quiz.data.title} Quiz` : 'Quiz');

  return (
    <Page>
      <CourseTopbar backTo="/dashboard" backLabel="to the dashboard" />
      {quiz.data ? (
        // A new key starts a fresh attempt whenever another quiz opens.
        <QuizRunner key={quiz.data._id} quiz={quiz.data} />
      ) : (
        <>
          {/* SPEC 2: while the quiz loads, the header stays empty. */}
          <header className={styles.header} aria-busy="true" />
          {quiz.isError ? (
            <Alert tone="error">
              <p>
                {quiz.error instanceof ApiError && quiz.error.status === 404
                  ? 'We could not find this quiz. Pick one from the dashboard.'
                  : 'We could not load this quiz. Please check your connection.'}
              </p>
              <Button variant="quiet" onClick={() => void quiz.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : (
            <p className="visually-hidden" role="status">
              Loading the quiz
            </p>
          )}
        </>
      )}
    </Page>
  );
}

function QuizRunner({ quiz }: { quiz: QuizReply }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  // SPEC 4: the question index starts at 0; answers are kept per question index.
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const [result, setResult] = useState<SubmitQuizReply | null>(null);
  const questionRef = useRef<HTMLDivElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const groupName = useId();
  // Read out once the quiz is graded (issue 26): the focus goes to the results heading, which does
  // not say the score.
  const [said, setSaid] = useState('');

  const total = quiz.questions.length;
  const question = quiz.questions[index];
  const chosen = answers[index];
  const last = index === total - 1;

  const submit = useMutation({
    mutationFn: () => {
      if (!user) throw new Error('User not logged in.');
      return api<SubmitQuizReply>('/api/submit-quiz', {
        method: 'POST',
        body: {
          userId: user._id,
          quizId: quiz._id,
          // SPEC 4: unanswered questions are sent as empty strings.
          answers: quiz.questions.map((_, i) => answers[i] ?? ''),
        },
      });
    },
    onSuccess: (reply) => {
      moved.current = true;
      setResult(reply);
      setSaid(`Quiz submitted. Your score: ${reply.score}%.`);
      void queryClient.invalidateQueries({ queryKey: ['quiz-scores'] });
      void queryClient.invalidateQueries({ queryKey: courseKeys.progress });
    },
    onError: (err) => log.error('Quiz submit failed', err),
  });

  // Keyboard and screen-reader users land on the new question (or the results), not on a
  // button that has just become disabled.
  useEffect(() => {
    if (!moved.current) return;
    if (result) resultRef.current?.focus();
    else questionRef.current?.focus();
  }, [index, result]);

  function next() {
    if (chosen === undefined) return;
    if (last) {
      submit.mutate();
      return;
    }
    moved.current = true;
    setIndex(index + 1);
  }

  function retake() {
    moved.current = true;
    submit.reset();
    setAnswers({});
    setResult(null);
    setIndex(0);
    setSaid('');
  }

  // On the page before anything is said into it, so the score is read out when it arrives.
  const live = (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {said}
    </p>
  );

  if (result) {
    return (
      <section aria-labelledby="results-heading">
        {live}
        <h1 id="results-heading" ref={resultRef} tabIndex={-1} className={styles.title}>
          Your Quiz Results
        </h1>
        <p className={styles.kicker}>{quiz.title} Quiz</p>
        <p className={styles.score}>Your score: {result.score}%</p>
        {result.bestScore > result.score ? (
          <p className={styles.muted}>Your best score on this quiz is {result.bestScore}%.</p>
        ) : null}

        <div className={styles.resultActions}>
          <ButtonLink to="/dashboard">Return to Dashboard</ButtonLink>
          <Button variant="quiet" onClick={retake}>
            Retake quiz
          </Button>
        </div>

        <h2 className={styles.reviewHeading}>Review your answers</h2>
        <ol className={styles.review}>
          {result.review.map((item, i) => {
            // The review has only the two answers; either with code spans makes both prose.
            const prose = hasInlineCode(item.chosen) || hasInlineCode(item.correct);
            return (
              <Card
                as="li"
                key={i}
                tone={item.isCorrect ? 'right' : 'wrong'}
                className={item.isCorrect ? styles.right : styles.wrong}
              >
                <p className={styles.verdict}>
                  Question {i + 1}: {item.isCorrect ? 'correct' : 'not correct'}
                </p>
                <QuestionText text={item.questionText} />
                <dl className={styles.answers}>
                  <dt>Your answer</dt>
                  <dd>
                    {item.chosen === '' ? (
                      'Not answered'
                    ) : (
                      <AnswerText text={item.chosen} prose={prose} />
                    )}
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
          })}
        </ol>
      </section>
    );
  }

  if (!question) return null;
  const busy = submit.isPending;
  // Answers written with `code` are prose; the printed text of an output question stays code-like.
  const proseAnswers = question.answers.some((answer) => hasInlineCode(answer.text));
  return (
    <section aria-labelledby="quiz-heading">
      {live}
      <header className={styles.header}>
        {/* A live region (issue 26): the focus moves to the question text, so the number of the
            new question is read out from here. */}
        <p className={styles.counter} role="status" aria-live="polite" aria-atomic="true">
          Question {index + 1}/{total}
        </p>
        <h1 id="quiz-heading" className={styles.title}>
          {quiz.title} Quiz
        </h1>
      </header>

      <form
        onSubmit={(e) => {
          e.preventDefault();
          next();
        }}
      >
        <QuestionText id={`${groupName}-q`} text={question.questionText} ref={questionRef} />
        {/* Native radios: Tab enters the group, the arrow keys choose, Space picks. */}
        <div
          key={index}
          role="radiogroup"
          aria-labelledby={`${groupName}-q`}
          className={styles.options}
        >
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
                  onChange={() => setAnswers({ ...answers, [index]: answer.text })}
                />
                <label
                  htmlFor={id}
                  className={
                    proseAnswers ? `${styles.answer} ${styles.proseAnswer}` : styles.answer
                  }
                >
                  <AnswerText text={answer.text} prose={proseAnswers} />
                </label>
              </div>
            );
          })}
        </div>

        {submit.isError ? (
          <Alert tone="error">
            <p>
              Your answers were not sent:{' '}
              {submit.error instanceof ApiError
                ? submit.error.message
                : 'something went wrong on the way.'}{' '}
              Your answers are kept.
            </p>
            <Button variant="quiet" onClick={() => submit.mutate()} disabled={busy}>
              Try again
            </Button>
          </Alert>
        ) : null}

        <Button type="submit" disabled={chosen === undefined || busy} aria-busy={busy}>
          {last ? (busy ? 'Submitting…' : 'Submit Quiz') : 'Next Question'}
        </Button>
      </form>
    </section>
  );
}
