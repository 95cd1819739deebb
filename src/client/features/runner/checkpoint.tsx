/*
 * A checkpoint of the lesson text (predict, then run): "What will this print?" with the author's
 * options (or a text field), "Check my prediction", and once the learner is right (or asks to be
 * shown) the block runs in the page's Python runner, exactly like 'Try it', and its real output
 * appears with the author's one-line why. Nothing is stored or sent: it is practice, not a test.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { LessonCodeBlock } from '#shared/api/lesson.schema.ts';
import { Button } from '#client/components/ui/button.tsx';
import { samePrediction } from './checkpoint-answers.ts';
import { RUN_TIMEOUT_MS } from './friendly-errors.ts';
import { OutputPanel } from './output-panel.tsx';
import styles from './checkpoint.module.css';
import { TryIt } from './try-it.tsx';
import { useRunner } from './use-runner.ts';

type CheckpointSpec = NonNullable<LessonCodeBlock['checkpoint']>;

type Stage = { kind: 'predicting'; feedback: string } | { kind: 'revealed'; predicted: boolean };

export function Checkpoint(props: {
  block: LessonCodeBlock & { checkpoint: CheckpointSpec };
  /** 1-based position among the lesson's checkpoints, for the accessible names. */
  number: number;
}) {
  const { block, number } = props;
  const { options, output, whyHtml } = block.checkpoint;
  const id = useId();
  const [choice, setChoice] = useState<number | null>(null);
  const [typed, setTyped] = useState('');
  const [tried, setTried] = useState<ReadonlySet<number>>(new Set());
  const [wrongOnce, setWrongOnce] = useState(false);
  const [stage, setStage] = useState<Stage>({ kind: 'predicting', feedback: '' });
  const runner = useRunner();
  const revealHeading = useRef<HTMLParagraphElement>(null);

  // The controls that were used are locked once the output is shown; the focus goes to what replaced them.
  useEffect(() => {
    if (stage.kind === 'revealed') revealHeading.current?.focus();
  }, [stage.kind]);

  function reveal(predicted: boolean) {
    setStage({ kind: 'revealed', predicted });
    void runner.execute({
      code: block.code,
      ...(block.stdin !== undefined ? { stdin: block.stdin } : {}),
      timeoutMs: RUN_TIMEOUT_MS,
    });
  }

  function check(event: FormEvent) {
    event.preventDefault();
    if (stage.kind === 'revealed') return;
    const prediction = options ? (choice === null ? null : (options[choice] ?? null)) : typed;
    if (prediction === null || (options === null && typed.trim() === '')) {
      setStage({
        kind: 'predicting',
        feedback: options ? 'Pick one of the outputs first.' : 'Type what you expect first.',
      });
      return;
    }
    if (samePrediction(prediction, output)) {
      reveal(true);
      return;
    }
    if (options && choice !== null) setTried(new Set(tried).add(choice));
    setWrongOnce(true);
    setStage({
      kind: 'predicting',
      feedback: options
        ? 'Not this one, but it is a guess many people make. Read the code once more and pick again, or press Show me.'
        : 'Not quite, but it is a guess many people make. Read the code once more and try again, or press Show me.',
    });
  }

  const revealed = stage.kind === 'revealed';
  const legendId = `${id}-legend`;
  return (
    <section className={styles.checkpoint} aria-labelledby={legendId} data-checkpoint-widget>
      <form onSubmit={check} noValidate>
        <fieldset className={styles.fieldset} disabled={revealed}>
          <legend id={legendId} className={styles.legend}>
            <span className={styles.kicker}>Checkpoint {number}</span> What will this print?
          </legend>
          {options ? (
            <div className={styles.options}>
              {options.map((option, i) => {
                const optionId = `${id}-option-${i}`;
                const wasTried = tried.has(i);
                return (
                  <div key={i} className={styles.option}>
                    <input
                      id={optionId}
                      className={styles.radio}
                      type="radio"
                      name={`${id}-prediction`}
                      checked={choice === i}
                      onChange={() => setChoice(i)}
                      // Enter on a choice checks it, in every browser (implicit submission from a
                      // radio button is not something all of them do).
                      onKeyDown={(event) => {
                        if (event.key !== 'Enter') return;
                        event.preventDefault();
                        event.currentTarget.form?.requestSubmit();
                      }}
                      aria-describedby={wasTried ? `${optionId}-tried` : undefined}
                    />
                    <label
                      htmlFor={optionId}
                      className={wasTried ? `${styles.label} ${styles.tried}` : styles.label}
                    >
                      <code className={styles.printed}>{option === '' ? ' ' : option}</code>
                      {wasTried ? (
                        <span id={`${optionId}-tried`} className={styles.triedNote}>
                          You tried this one
                        </span>
                      ) : null}
                    </label>
                  </div>
                );
              })}
            </div>
          ) : (
            <div className={styles.typed}>
              <label htmlFor={`${id}-typed`}>Type the output, line by line</label>
              <textarea
                id={`${id}-typed`}
                rows={2}
                value={typed}
                spellCheck={false}
                autoCapitalize="off"
                autoComplete="off"
                onChange={(event) => setTyped(event.target.value)}
              />
            </div>
          )}
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
      <p className={styles.feedback} role="status">
        {stage.kind === 'predicting' ? stage.feedback : ''}
      </p>

      {revealed ? (
        <div className={styles.reveal}>
          <p ref={revealHeading} tabIndex={-1} className={styles.verdict}>
            {stage.predicted ? 'You predicted it.' : 'Here is what it prints.'}
          </p>
          <OutputPanel
            status={runner.status}
            output={runner.output}
            result={runner.result}
            label={`Output of checkpoint ${number}`}
          />
          {runner.result?.kind === 'unavailable' ? (
            // Python could not start (offline, say): the author's verified output stands in for it.
            <pre className={styles.known} aria-label={`What checkpoint ${number} prints`}>
              {output}
            </pre>
          ) : null}
          {/* From our own Markdown, rendered on the server; never holds user input. */}
          <p className={styles.why} dangerouslySetInnerHTML={{ __html: whyHtml }} />
          <TryIt block={block} />
        </div>
      ) : null}
    </section>
  );
}
