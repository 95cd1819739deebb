import { useId, useState, type ReactNode } from 'react';
import type { LessonExercise } from '#shared/api/lesson.schema.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { InlineCode } from '#client/components/ui/inline-code.tsx';
import styles from './exercise-card.module.css';

/**
 * One practice exercise of a lesson: its prompt, its hints, and SPEC 2's 'Show Solution' /
 * 'Hide Solution' toggle (hidden by default, each card on its own).
 *
 * The in-browser runner (issue 10) renders its editor and Run/Check buttons in the `runner` slot,
 * between the prompt and the hints.
 */
export function ExerciseCard({
  id,
  exercise,
  number,
  runner,
}: {
  /** The card's id, so the lesson's closing can link to it. */
  id?: string;
  exercise: LessonExercise;
  /** 1-based position in the lesson. */
  number: number;
  runner?: ReactNode;
}) {
  const [showSolution, setShowSolution] = useState(false);
  const [showHints, setShowHints] = useState(false);
  const solutionId = useId();
  const hintsId = useId();
  const headingId = useId();

  return (
    <Card
      as="article"
      id={id}
      tone="accent"
      className={styles.card}
      aria-labelledby={headingId}
      data-exercise-id={exercise.id}
    >
      <h3 id={headingId} className={styles.title}>
        <span className={styles.number}>Exercise {number}</span> {exercise.title}
      </h3>
      {/* Rendered on the server from our own Markdown files; never holds user input. */}
      <div className={styles.prompt} dangerouslySetInnerHTML={{ __html: exercise.promptHtml }} />

      {runner ? <div className={styles.runner}>{runner}</div> : null}

      <div className={styles.actions}>
        {/* With the runner, hints come one at a time from the runner instead. */}
        {exercise.hints.length > 0 && !runner ? (
          <Button
            variant="quiet"
            aria-expanded={showHints}
            aria-controls={hintsId}
            onClick={() => setShowHints((v) => !v)}
          >
            {showHints ? 'Hide hints' : exercise.hints.length === 1 ? 'Show hint' : 'Show hints'}
          </Button>
        ) : null}
        <Button
          variant="secondary"
          aria-expanded={showSolution}
          aria-controls={solutionId}
          onClick={() => setShowSolution((v) => !v)}
        >
          {showSolution ? 'Hide Solution' : 'Show Solution'}
        </Button>
      </div>

      <div id={hintsId} hidden={!showHints || Boolean(runner)}>
        <ol className={styles.hints}>
          {exercise.hints.map((hint, i) => (
            <li key={i}>
              <InlineCode text={hint} />
            </li>
          ))}
        </ol>
      </div>

      <div id={solutionId} className={styles.solution} hidden={!showSolution}>
        <p className={styles.solutionLabel}>One possible solution</p>
        <pre className={styles.code}>
          <code>{exercise.solution}</code>
        </pre>
      </div>
    </Card>
  );
}
