/* The pieces of a checkpoint's markup (checkpoint.tsx puts them together). */
import type { ReactNode, Ref } from 'react';
import type { LessonCodeBlock } from '#shared/api/lesson.schema.ts';
import { OutputPanel } from './output-panel.tsx';
import styles from './checkpoint.module.css';
import { TryIt } from './try-it.tsx';
import type { useRunner } from './use-runner.ts';

interface ChoiceListProps {
  id: string;
  count: number;
  choice: number | null;
  tried: ReadonlySet<number>;
  onChoose(index: number): void;
  /** The list's class: printed options stack, pictures sit side by side. */
  className: string | undefined;
  /** A class the label of every option adds to its own. */
  labelClassName?: string | undefined;
  /** What option `index` shows in its label. */
  render(index: number): ReactNode;
}

/**
 * A checkpoint's choices as radio buttons, whatever they show (printed outputs or pictures); the
 * ones already tried say so.
 */
export function ChoiceList({
  id,
  count,
  choice,
  tried,
  onChoose,
  className,
  labelClassName,
  render,
}: ChoiceListProps) {
  return (
    <div className={className}>
      {Array.from({ length: count }, (_, i) => {
        const optionId = `${id}-option-${i}`;
        const wasTried = tried.has(i);
        const label = [styles.label, labelClassName, wasTried ? styles.tried : undefined];
        return (
          <div key={i} className={styles.option}>
            <input
              id={optionId}
              className={styles.radio}
              type="radio"
              name={`${id}-prediction`}
              checked={choice === i}
              onChange={() => onChoose(i)}
              // Enter on a choice checks it, in every browser (implicit submission from a
              // radio button is not something all of them do).
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }}
              aria-describedby={wasTried ? `${optionId}-tried` : undefined}
            />
            <label htmlFor={optionId} className={label.filter(Boolean).join(' ')}>
              {render(i)}
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
  );
}

interface PredictionOptionsProps {
  id: string;
  options: readonly { readonly text: string }[];
  choice: number | null;
  tried: ReadonlySet<number>;
  onChoose(index: number): void;
}

/** The author's possible outputs. */
export function PredictionOptions({ options, ...choices }: PredictionOptionsProps) {
  return (
    <ChoiceList
      {...choices}
      count={options.length}
      className={styles.options}
      render={(i) => {
        const text = options[i]?.text ?? '';
        return <code className={styles.printed}>{text === '' ? ' ' : text}</code>;
      }}
    />
  );
}

interface TypedPredictionProps {
  id: string;
  typed: string;
  onType(text: string): void;
}

/** A checkpoint without options: the learner types the output they expect. */
export function TypedPrediction({ id, typed, onType }: TypedPredictionProps) {
  return (
    <div className={styles.typed}>
      <label htmlFor={`${id}-typed`}>Type the output, line by line</label>
      <textarea
        id={`${id}-typed`}
        rows={2}
        value={typed}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        onChange={(event) => onType(event.target.value)}
      />
    </div>
  );
}

interface CheckpointRevealProps {
  block: LessonCodeBlock;
  number: number;
  /** The expected output, shown when Python cannot run. */
  output: string;
  whyHtml: string;
  predicted: boolean;
  /** A picture checkpoint: what it draws is the answer. */
  draws: boolean;
  runner: ReturnType<typeof useRunner>;
  headingRef: Ref<HTMLParagraphElement>;
}

/** After the prediction: the verdict, the real output, the author's why and 'Try it'. */
export function CheckpointReveal({
  block,
  number,
  output,
  whyHtml,
  predicted,
  draws,
  runner,
  headingRef,
}: CheckpointRevealProps) {
  return (
    <div className={styles.reveal}>
      <p ref={headingRef} tabIndex={-1} className={styles.verdict}>
        {predicted
          ? 'You predicted it.'
          : draws
            ? 'Here is what it draws.'
            : 'Here is what it prints.'}
      </p>
      <OutputPanel
        status={runner.status}
        output={runner.output}
        result={runner.result}
        label={`Output of checkpoint ${number}`}
        drawing={runner.drawing}
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
  );
}
