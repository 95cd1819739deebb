import { useId } from 'react';
import { useParams } from 'react-router';
import type { QuizReply } from '#shared/api/quiz.schema.ts';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Page } from '#client/components/ui/page.tsx';
import { ApiError } from '#client/lib/api.ts';
import { usePageTitle } from '#client/lib/page-title.ts';
import { useModules, useQuiz, useQuizzes } from './courses-api.ts';
import { nextStep } from './quiz-next-step.ts';
import { CourseTopbar } from './course-topbar.tsx';
import { QuizQuestion } from './quiz-question.tsx';
import { QuizResults } from './quiz-results.tsx';
import styles from './quiz-page.module.css';
import { useQuizAnswers } from './use-quiz-answers.ts';
import { useLeaveGuard } from './use-leave-guard.ts';
import { useQuizPlace } from './use-quiz-place.ts';

export function QuizPage() {
  const { quizTitle = '' } = useParams();
  const quiz = useQuiz(quizTitle);
  usePageTitle(quiz.data ? `${quiz.data.title} Quiz` : 'Quiz');

  return (
    <Page>
      <CourseTopbar backTo="/dashboard" backLabel="to the dashboard" />
      {quiz.data ? (
        // A new key starts a fresh attempt whenever another quiz opens.
        <QuizPlaceLoader key={quiz.data._id} quiz={quiz.data} />
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

/** Waits for the kept place (decision 0037), so the quiz opens at it rather than jumping there. */
function QuizPlaceLoader({ quiz }: { quiz: QuizReply }) {
  const place = useQuizPlace(quiz);
  if (!place.ready) {
    return (
      <>
        <header className={styles.header} aria-busy="true" />
        <p className="visually-hidden" role="status">
          Loading the quiz
        </p>
      </>
    );
  }
  return <QuizRunner quiz={quiz} place={place} />;
}

function QuizRunner({ quiz, place }: { quiz: QuizReply; place: ReturnType<typeof useQuizPlace> }) {
  const attempt = useQuizAnswers(quiz, place);
  useLeaveGuard(
    attempt.inProgress,
    `Leave the quiz? Your answers are kept: you can carry on from question ${attempt.index + 1} when you come back.`,
  );
  const groupName = useId();
  const quizzes = useQuizzes();
  const modules = useModules();
  const moduleTitles = modules.data?.map((m) => m.title);
  const lesson = {
    to: `/dashboard/lessons/module${quiz.quizNumber}`,
    title: moduleTitles?.[quiz.quizNumber - 1] ?? `module ${quiz.quizNumber}`,
  };
  const { index, result, submit } = attempt;
  const question = quiz.questions[index];

  if (!result && !question) return null;
  // One section for the questions and the results, so its live region stays the same element: on
  // the page before anything is said into it, so the score is read out when it arrives.
  return (
    <section aria-labelledby={result ? 'results-heading' : 'quiz-heading'}>
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {attempt.said}
      </p>
      {result ? (
        <QuizResults
          quiz={quiz}
          result={result}
          headingRef={attempt.resultRef}
          lesson={lesson}
          next={nextStep(quiz, quizzes.data, moduleTitles)}
          onRetake={attempt.retake}
        />
      ) : question ? (
        <QuizQuestion
          quizTitle={quiz.title}
          question={question}
          index={index}
          total={attempt.total}
          last={attempt.last}
          groupName={groupName}
          chosen={attempt.chosen}
          busy={submit.isPending}
          submitError={submit.error}
          questionRef={attempt.questionRef}
          onChoose={attempt.choose}
          onNext={attempt.next}
          onRetry={() => submit.mutate()}
        />
      ) : null}
    </section>
  );
}
