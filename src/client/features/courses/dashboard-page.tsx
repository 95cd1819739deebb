import { useState } from 'react';
import { Link } from 'react-router';
import type { ModuleProgress, ProgressReply } from '#shared/api/progress.schema.ts';
import type { QuizSummary } from '#shared/api/quiz.schema.ts';
import { QUIZ_PASS_MARK } from '#shared/quiz-rules.ts';
import { DisclosureItem } from '#client/components/ui/disclosure.tsx';
import { PageLoader } from '#client/components/ui/page-loader.tsx';
import { Page } from '#client/components/ui/page.tsx';
import { usePageTitle } from '#client/lib/page-title.ts';
import { useModules, useProgress, useQuizScores, useQuizzes } from './courses-api.ts';
import { CourseTopbar } from './course-topbar.tsx';
import styles from './dashboard-page.module.css';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button, ButtonLink } from '#client/components/ui/button.tsx';
import { CertificatePanel } from '#client/features/certificates/certificate-panel.tsx';
import { ProjectsSection } from './projects-section.tsx';
import { ReviewWidget } from '#client/features/learning/review-widget.tsx';
import { RhythmWidget } from '#client/features/learning/rhythm-widget.tsx';

/** The whole course's progress bar and the way back to where the learner left off. */
function ProgressSummary({ progress }: { progress: ProgressReply }) {
  return (
    <section className={styles.summary} aria-label="Your progress">
      <div className={styles.overall}>
        <label htmlFor="overall-progress" className={styles.overallLabel}>
          Course progress: {progress.overall.percent}%
        </label>
        <progress
          id="overall-progress"
          className={styles.bar}
          max={progress.overall.total}
          value={progress.overall.done}
        >
          {progress.overall.percent}%
        </progress>
        <p className={styles.muted}>
          {progress.overall.done} of {progress.overall.total} steps done: lessons opened, exercises
          solved, quizzes passed (at {QUIZ_PASS_MARK}% or more)
          {progress.projects.length > 0 ? ' and project steps solved' : ''}.
        </p>
      </div>
      {progress.continue ? (
        <ButtonLink to={progress.continue.path}>
          Continue where you left off: {progress.continue.label}
        </ButtonLink>
      ) : progress.overall.done === 0 ? (
        // A new learner's first question is where to begin (issue 35).
        <div className={styles.startHere}>
          <p>
            <strong>Start here.</strong> The course begins with Module 1&rsquo;s lesson: read it,
            run its examples, then try its exercises and its quiz.
          </p>
          <ButtonLink to="/dashboard/lessons/module1">Start with Module 1</ButtonLink>
        </div>
      ) : null}
    </section>
  );
}

export function DashboardPage() {
  usePageTitle('Dashboard');
  const modules = useModules();
  const quizzes = useQuizzes();
  const scores = useQuizScores();
  const progress = useProgress();
  // SPEC 4: at most one module open; clicking the open one closes it.
  const [open, setOpen] = useState<number | null>(null);

  // SPEC 7: the score list is kept keyed by quiz id.
  const best = new Map((scores.data ?? []).map((s) => [s.quizId._id, s.bestScore]));
  const byModule = new Map<number, QuizSummary[]>();
  for (const quiz of quizzes.data ?? []) {
    byModule.set(quiz.quizNumber, [...(byModule.get(quiz.quizNumber) ?? []), quiz]);
  }
  const progressOf = new Map((progress.data?.modules ?? []).map((m) => [m.number, m]));

  return (
    <Page wide>
      <CourseTopbar backTo="/" backLabel="to the home page" />
      <h1 className={styles.title}>Dashboard</h1>

      {progress.data ? <ProgressSummary progress={progress.data} /> : null}

      <div className={styles.summary}>
        <ReviewWidget />
        <RhythmWidget />
      </div>

      <CertificatePanel />

      <ProjectsSection />

      {modules.isPending || quizzes.isPending ? (
        <PageLoader label="Loading your modules" />
      ) : modules.isError || quizzes.isError ? (
        <Alert tone="error">
          <p>We could not load your modules. Please check your connection.</p>
          <Button
            variant="quiet"
            onClick={() => {
              void modules.refetch();
              void quizzes.refetch();
            }}
          >
            Try again
          </Button>
        </Alert>
      ) : (
        <ol className={styles.modules}>
          {modules.data.map((module) => (
            <ModuleItem
              key={module.number}
              number={module.number}
              title={module.title}
              quizzes={byModule.get(module.number) ?? []}
              best={best}
              progress={progressOf.get(module.number)}
              open={open === module.number}
              onToggle={() => setOpen(open === module.number ? null : module.number)}
            />
          ))}
        </ol>
      )}
    </Page>
  );
}

function ModuleItem(props: {
  number: number;
  title: string;
  quizzes: QuizSummary[];
  best: Map<string, number>;
  progress: ModuleProgress | undefined;
  open: boolean;
  onToggle(): void;
}) {
  const { number, title, quizzes, best, progress, open } = props;
  const complete =
    progress !== undefined &&
    progress.lessonVisited &&
    progress.quizzesPassed === progress.quizCount &&
    progress.exercisesSolved === progress.exerciseCount;
  return (
    <DisclosureItem
      headingLevel={2}
      size="large"
      expanded={open}
      onToggle={props.onToggle}
      summary={
        <>
          <span className={styles.number} aria-hidden="true">
            {number}
          </span>
          <span className={styles.moduleTitle}>
            <span className="visually-hidden">Module {number}: </span>
            {title}
          </span>
        </>
      }
      status={
        progress ? (
          <p className={styles.moduleProgress}>
            {complete ? <strong className={styles.done}>Complete · </strong> : null}
            Lesson {progress.lessonVisited ? 'opened' : 'not opened yet'} · Exercises solved{' '}
            {progress.exercisesSolved}/{progress.exerciseCount} · Quizzes passed{' '}
            {progress.quizzesPassed}/{progress.quizCount}
          </p>
        ) : null
      }
    >
      <div className={styles.row}>
        <h3 className={styles.rowTitle}>Lesson</h3>
        <div className={styles.rowItems}>
          <Link className={styles.item} to={`/dashboard/lessons/module${number}`}>
            {title} Lesson
          </Link>
        </div>
      </div>
      <div className={styles.row}>
        <h3 className={styles.rowTitle}>Quizzes</h3>
        <ul className={styles.rowItems}>
          {quizzes.map((quiz) => {
            const score = best.get(quiz._id);
            return (
              <li key={quiz._id} className={styles.quiz}>
                <Link className={styles.item} to={`/dashboard/quiz/${quiz._id}`}>
                  {quiz.title} Quiz
                </Link>
                <span
                  className={
                    score === undefined
                      ? styles.notTaken
                      : score >= QUIZ_PASS_MARK
                        ? styles.passed
                        : styles.tried
                  }
                >
                  {score === undefined ? 'Not taken yet' : `Best score: ${score}%`}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
    </DisclosureItem>
  );
}
