/*
 * A checkpoint of the lesson text (predict, then run): "What will this print?" with the author's
 * options (or a text field, or small drawings: "Which picture will this draw?"), "Check my prediction", and once the learner is right (or asks to be
 * shown) the block runs in the page's Python runner, exactly like 'Try it', and its real output
 * appears with the author's one-line why, and the lesson's explanation of it is shown. A wrong pick is
 * answered with that option's own why-not. Nothing is stored or sent: it is practice, not a test.
 */
import { useId } from 'react';
import type { LessonCodeBlock } from '#shared/api/lesson.schema.ts';
import { Button } from '#client/components/ui/button.tsx';
import { CheckpointReveal, PredictionOptions, TypedPrediction } from './checkpoint-parts.tsx';
import styles from './checkpoint.module.css';
import { PictureChoices } from './picture-choices.tsx';
import { useCheckpoint, type CheckpointSpec } from './use-checkpoint.ts';

/** What the learner predicts with: pictures, printed outputs, or a text field. */
function Choices(props: {
  id: string;
  spec: CheckpointSpec;
  choice: number | null;
  tried: ReadonlySet<number>;
  typed: string;
  onChoose(index: number): void;
  onType(text: string): void;
}) {
  const { id, spec, choice, tried, typed, onChoose, onType } = props;
  if (spec.pictures) {
    const pictures = spec.pictures;
    return <PictureChoices {...{ id, pictures, choice, tried, onChoose }} />;
  }
  if (spec.options) {
    const options = spec.options;
    return <PredictionOptions {...{ id, options, choice, tried, onChoose }} />;
  }
  return <TypedPrediction id={id} typed={typed} onType={onType} />;
}

export function Checkpoint(props: {
  block: LessonCodeBlock & { checkpoint: CheckpointSpec };
  /** 1-based position among the lesson's checkpoints, for the accessible names. */
  number: number;
}) {
  const { block, number } = props;
  const { pictures, output, whyHtml } = block.checkpoint;
  const id = useId();
  const {
    choice,
    setChoice,
    typed,
    setTyped,
    tried,
    wrongOnce,
    stage,
    runner,
    revealHeadingRef,
    reveal,
    check,
  } = useCheckpoint(block);

  const revealed = stage.kind === 'revealed';
  const legendId = `${id}-legend`;
  return (
    <section className={styles.checkpoint} aria-labelledby={legendId} data-checkpoint-widget>
      <form onSubmit={check} noValidate>
        <fieldset className={styles.fieldset} disabled={revealed}>
          <legend id={legendId} className={styles.legend}>
            <span className={styles.kicker}>Checkpoint {number}</span>{' '}
            {pictures ? 'Which picture will this draw?' : 'What will this print?'}
          </legend>
          <Choices
            id={id}
            spec={block.checkpoint}
            choice={choice}
            tried={tried}
            typed={typed}
            onChoose={setChoice}
            onType={setTyped}
          />
          {revealed ? null : (
            <div className={styles.actions}>
              <Button type="submit" size="sm">
                Check my prediction
              </Button>
              {wrongOnce ? (
                <Button size="sm" variant="quiet" onClick={() => reveal(false)}>
                  Show me
                </Button>
              ) : null}
            </div>
          )}
        </fieldset>
      </form>

      {/* Feedback is announced politely and never moves the focus away from the learner's choice. */}
      {stage.kind === 'predicting' && 'html' in stage.feedback ? (
        // An option's why-not, rendered on the server from our own Markdown.
        <p
          className={styles.feedback}
          role="status"
          dangerouslySetInnerHTML={{ __html: stage.feedback.html }}
        />
      ) : (
        <p className={styles.feedback} role="status">
          {stage.kind === 'predicting' && 'text' in stage.feedback ? stage.feedback.text : ''}
        </p>
      )}

      {revealed ? (
        <CheckpointReveal
          block={block}
          number={number}
          output={output}
          whyHtml={whyHtml}
          predicted={stage.predicted}
          draws={pictures !== undefined}
          runner={runner}
          headingRef={revealHeadingRef}
        />
      ) : null}
    </section>
  );
}
