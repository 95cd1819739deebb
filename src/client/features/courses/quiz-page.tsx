import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { QuizReply, SubmitQuizReply } from '#shared/api/quiz.schema.ts';
import { useAuth } from '#client/features/auth/auth-context.tsx';
import { Page } from '#client/components/ui/page.tsx';
import { api, ApiError } from '#client/lib/api.ts';
import { log } from '#client/lib/log.ts';
import { usePageTitle } from '#client/lib/page-title.ts';
import { courseKeys, useQuiz } from './courses-api.ts';
import { CourseTopbar } from './course-topbar.tsx';
import styles from './quiz-page.module.css';

/** SPEC 2: the literal two characters backslash-n in a question are shown as a line break too. */
const withBreaks = (text: string) => text.replace(/\\n/g, '\n');

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
            <div className={styles.error} role="alert">
              <p>
                {quiz.error instanceof ApiError && quiz.error.status === 404
                  ? 'We could not find this quiz. Pick one from the dashboard.'
                  : 'We could not load this quiz. Please check your connection.'}
              </p>
              <button
                type="button"
                className={styles.secondary}
                onClick={() => void quiz.refetch()}
              >
                Try again
              </button>
            </div>
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
  const questionRef = useRef<HTMLPreElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const groupName = useId();

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
  }

  if (result) {
    return (
      <section aria-labelledby="results-heading">
        <h1 id="results-heading" ref={resultRef} tabIndex={-1} className={styles.title}>
          Your Quiz Results
        </h1>
        <p className={styles.kicker}>{quiz.title} Quiz</p>
        <p className={styles.score}>Your score: {result.score}%</p>
        {result.bestScore > result.score ? (
          <p className={styles.muted}>Your best score on this quiz is {result.bestScore}%.</p>
        ) : null}

        <div className={styles.resultActions}>
          <Link className={styles.primary} to="/dashboard">
            Return to Dashboard
          </Link>
          <button type="button" className={styles.secondary} onClick={retake}>
            Retake quiz
          </button>
        </div>

        <h2 className={styles.reviewHeading}>Review your answers</h2>
        <ol className={styles.review}>
          {result.review.map((item, i) => (
            <li key={i} className={item.isCorrect ? styles.right : styles.wrong}>
              <p className={styles.verdict}>
                Question {i + 1}: {item.isCorrect ? 'correct' : 'not correct'}
              </p>
              <pre className={styles.question}>{withBreaks(item.questionText)}</pre>
              <dl className={styles.answers}>
                <dt>Your answer</dt>
                <dd>{item.chosen === '' ? 'Not answered' : item.chosen}</dd>
                {item.isCorrect ? null : (
                  <>
                    <dt>Correct answer</dt>
                    <dd>{item.correct}</dd>
                  </>
                )}
              </dl>
              <p className={styles.explanation}>{item.explanation}</p>
            </li>
          ))}
        </ol>
      </section>
    );
  }

  if (!question) return null;
  const busy = submit.isPending;
  return (
    <section aria-labelledby="quiz-heading">
      <header className={styles.header}>
        <p className={styles.counter}>
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
        <pre id={`${groupName}-q`} className={styles.question} ref={questionRef} tabIndex={-1}>
          {withBreaks(question.questionText)}
        </pre>
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
                <label htmlFor={id} className={styles.answer}>
                  {answer.text}
                </label>
              </div>
            );
          })}
        </div>

        {submit.isError ? (
          <div className={styles.error} role="alert">
            <p>
              Your answers were not sent:{' '}
              {submit.error instanceof ApiError
                ? submit.error.message
                : 'something went wrong on the way.'}{' '}
              Your answers are kept.
            </p>
            <button
              type="button"
              className={styles.secondary}
              onClick={() => submit.mutate()}
              disabled={busy}
            >
              Try again
            </button>
          </div>
        ) : null}

        <button type="submit" className={styles.next} disabled={chosen === undefined || busy}>
          {last ? (busy ? 'Submitting…' : 'Submit Quiz') : 'Next Question'}
        </button>
      </form>
    </section>
  );
}
