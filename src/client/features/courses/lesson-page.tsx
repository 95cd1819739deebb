import { useEffect, useState, type MouseEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { LessonReply } from '#shared/api/lesson.schema.ts';
import { exerciseAnchor, lessonModuleNumber } from '#shared/routes.ts';
import { PageLoader } from '#client/components/ui/page-loader.tsx';
import { Page } from '#client/components/ui/page.tsx';
import { ExerciseWorkbench } from '#client/features/runner/exercise-workbench.tsx';
import { LessonTryIts } from '#client/features/runner/lesson-try-its.tsx';
import { useScrollToHash } from '#client/features/learning/scroll-to-hash.ts';
import { log } from '#client/lib/log.ts';
import { usePageTitle } from '#client/lib/page-title.ts';
import { useLesson } from './courses-api.ts';
import { CourseTopbar } from './course-topbar.tsx';
import { ExerciseCard } from './exercise-card.tsx';
import { onJump } from './lesson-jump.ts';
import { LessonNextSteps } from './lesson-next-steps.tsx';
import styles from './lesson-page.module.css';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button, ButtonLink } from '#client/components/ui/button.tsx';

type LessonModule = LessonReply['module'];

/**
 * The copy buttons come with the server-rendered HTML; one listener serves them all. Returns the
 * message for the status region and that listener.
 */
function useCodeCopy() {
  const [copied, setCopied] = useState<string | null>(null);

  async function onTextClick(event: MouseEvent<HTMLDivElement>) {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest('button[data-copy]');
    const code = button?.closest('.code-block')?.querySelector('pre')?.textContent;
    if (!button || code == null) return;
    try {
      await navigator.clipboard.writeText(code);
      button.textContent = 'Copied';
      setCopied('Code copied to the clipboard.');
      setTimeout(() => {
        button.textContent = 'Copy';
      }, 2000);
    } catch (err) {
      log.warn('Copy failed', err);
      setCopied('Copying is not allowed here: select the code and copy it by hand.');
    }
  }

  return [copied, onTextClick] as const;
}

function LessonHeader({ module }: { module: LessonModule }) {
  return (
    <header>
      <p className={styles.kicker}>Module {module.number}</p>
      <h1 className={styles.title}>{module.title}</h1>
      {/*
        A lesson has dozens of examples, each with a Copy and a Try it button: a keyboard
        user who came to practise skips them in one step (issue 26).
      */}
      <nav className={styles.jump} aria-label="Lesson shortcuts">
        <a href="#exercises-heading" onClick={onJump}>
          Go to the practice exercises
        </a>
        <a href="#recap-heading" onClick={onJump}>
          Go to the recap
        </a>
      </nav>
    </header>
  );
}

/** The recap and what comes next. */
function LessonClosing({ module }: { module: LessonModule }) {
  return (
    <>
      <section className={styles.section} aria-labelledby="recap-heading">
        <h2 id="recap-heading">Recap</h2>
        <ul className={styles.recap}>
          {module.recapHtml.map((item, i) => (
            <li key={i} dangerouslySetInnerHTML={{ __html: item }} />
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="next-heading">
        <h2 id="next-heading">{module.number < 15 ? 'Coming next' : 'Where to go from here'}</h2>
        <div className={styles.text} dangerouslySetInnerHTML={{ __html: module.nextHtml }} />
      </section>
    </>
  );
}

export function LessonPage() {
  const params = useParams();
  const number = lessonModuleNumber(params.module ?? '');
  const lesson = useLesson(number);
  const [copied, onTextClick] = useCodeCopy();
  const [lessonText, setLessonText] = useState<HTMLDivElement | null>(null);
  const [lessonArticle, setLessonArticle] = useState<HTMLElement | null>(null);
  usePageTitle(lesson.data ? `${lesson.data.module.title} Lesson` : 'Lesson');
  // A link to a section (a search result) or an exercise (Continue) lands on it once it is in.
  useScrollToHash(lessonArticle);

  // SPEC 2: each lesson page opens at the top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [number]);

  if (number === null) {
    return (
      <Page>
        <CourseTopbar backTo="/dashboard" backLabel="to the dashboard" />
        <h1>There is no such lesson</h1>
        <p>Lessons are numbered from module 1 to module 15.</p>
        <Link to="/dashboard">Return to Dashboard</Link>
      </Page>
    );
  }

  return (
    <Page>
      <CourseTopbar backTo="/dashboard" backLabel="to the dashboard" />
      {lesson.isPending ? (
        <PageLoader label="Loading the lesson" />
      ) : lesson.isError ? (
        <Alert tone="error">
          <p>We could not load this lesson. {lesson.error.message}</p>
          <Button variant="quiet" onClick={() => void lesson.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <article ref={setLessonArticle} className={styles.lesson}>
          <LessonHeader module={lesson.data.module} />

          {/* Server-rendered from our own Markdown files; never holds user input. */}
          <div
            ref={setLessonText}
            className={styles.text}
            onClick={(e) => void onTextClick(e)}
            dangerouslySetInnerHTML={{ __html: lesson.data.html }}
          />
          <LessonTryIts container={lessonText} blocks={lesson.data.codeBlocks} />
          <p className="visually-hidden" role="status" aria-live="polite">
            {copied}
          </p>

          <section className={styles.section} aria-labelledby="exercises-heading">
            <h2 id="exercises-heading">Practice exercises</h2>
            <p className={styles.muted}>
              Try each one yourself first. The hints nudge you along; the solution is there when you
              want to compare.
            </p>
            {lesson.data.exercises.map((exercise, i) => (
              <ExerciseCard
                key={exercise.id}
                id={exerciseAnchor(exercise.id)}
                exercise={exercise}
                number={i + 1}
                runner={<ExerciseWorkbench exercise={exercise} />}
              />
            ))}
          </section>

          <LessonClosing module={lesson.data.module} />
          <LessonNextSteps lesson={lesson.data} />

          <ButtonLink className={styles.return} to="/dashboard">
            Return to Dashboard
          </ButtonLink>
        </article>
      )}
    </Page>
  );
}
