/* The pieces of the exercise workbench's markup (exercise-workbench.tsx puts them together). */
import { lazy, Suspense, type RefObject } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { InlineCode } from '#client/components/ui/inline-code.tsx';
import type { CodeEditorProps, EditorHandle } from './code-editor.tsx';
import { EditorKeys } from './editor-keys.tsx';
import { OutputPanel } from './output-panel.tsx';
import { StepThrough } from './step-through.tsx';
import type { useRunner } from './use-runner.ts';
import styles from './runner.module.css';

const CodeEditor = lazy(() => import('./code-editor.tsx'));

/** "Your code", the Solved badge and what happened to the last save. */
export function EditorHeader({ solved, saveText }: { solved: boolean; saveText: string }) {
  return (
    <div className={styles.editorHeader}>
      <span className={styles.editorTitle}>Your code</span>
      {solved && (
        <span className={styles.solvedBadge} data-testid="solved-badge">
          Solved
        </span>
      )}
      <span className={styles.saveState} aria-live="polite">
        {saveText}
      </span>
    </div>
  );
}

/** The editor (its code shown plainly until it has loaded) and the keys that work in it. */
export function ExerciseEditor(props: CodeEditorProps & { describedBy: string }) {
  return (
    <>
      <Suspense fallback={<pre className={styles.placeholder}>{props.initialCode}</pre>}>
        <CodeEditor {...props} />
      </Suspense>
      <EditorKeys id={props.describedBy} tabIndents />
    </>
  );
}

interface ToolbarProps {
  busy: boolean;
  /** A drawing is still appearing: Stop can stop it. */
  animating: boolean;
  hintsShown: number;
  hintCount: number;
  onRun(): void;
  onCheck(): void;
  onStepThrough(): void;
  onStop(): void;
  onReset(): void;
  onHint(): void;
  onDownload(): void;
}

export function WorkbenchToolbar(props: ToolbarProps) {
  const { busy, hintsShown, hintCount } = props;
  return (
    <div className={styles.toolbar}>
      {/* busy/unavailable rather than disabled: the pressed button keeps the focus (issue 26). */}
      <Button size="sm" onClick={props.onRun} busy={busy}>
        Run
      </Button>
      <Button size="sm" variant="secondary" onClick={props.onCheck} busy={busy}>
        Check
      </Button>
      <Button size="sm" variant="secondary" onClick={props.onStepThrough} busy={busy}>
        Step through
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={props.onStop}
        unavailable={!busy && !props.animating}
      >
        Stop
      </Button>
      <Button size="sm" variant="quiet" onClick={props.onReset}>
        Reset
      </Button>
      <Button
        size="sm"
        variant="quiet"
        onClick={props.onHint}
        unavailable={hintsShown >= hintCount}
      >
        {hintsShown >= hintCount ? 'No more hints' : 'Hint'}
      </Button>
      {/* The code as it stands in the editor, saved or not: to carry on in an editor of one's own. */}
      <Button size="sm" variant="quiet" onClick={props.onDownload}>
        Download .py
      </Button>
    </div>
  );
}

interface ProgramInputProps {
  inputId: string;
  stdin: string;
  /** The exercise's check has more than one input. */
  severalInputs: boolean;
  onChange(stdin: string): void;
}

/** The program's input typed in advance, instead of answering input() in the console. */
export function ProgramInput({ inputId, stdin, severalInputs, onChange }: ProgramInputProps) {
  return (
    <details className={styles.stdin}>
      <summary>Give the program&rsquo;s input in advance (optional)</summary>
      <label htmlFor={inputId}>Program input</label>
      <textarea
        id={inputId}
        rows={2}
        value={stdin}
        onChange={(event) => onChange(event.target.value)}
        spellCheck={false}
        aria-describedby={`${inputId}-help`}
      />
      <p id={`${inputId}-help`} className={styles.keys}>
        One line for each input() call. Leave it empty to type each answer in the output while the
        program runs.{' '}
        {severalInputs
          ? 'Check tries the exercise’s own inputs, one after another.'
          : 'Check uses the exercise’s own input.'}
      </p>
    </details>
  );
}

/** The hints asked for so far, one box each. */
export function HintList({ hints, shown }: { hints: readonly string[]; shown: number }) {
  return (
    <div className={styles.hints} aria-live="polite">
      {hints.slice(0, shown).map((hint, index) => (
        <div key={index} className={styles.hintBox}>
          <p className={styles.hintTitle}>
            Hint {index + 1} of {hints.length}
          </p>
          <p>
            <InlineCode text={hint} />
          </p>
        </div>
      ))}
    </div>
  );
}

interface RunOutputProps {
  runner: ReturnType<typeof useRunner>;
  label: string;
  onStep(line: number | null): void;
  /** The editor the code ran from: an error's place is shown there (issue 35). */
  editor?: RefObject<EditorHandle | null>;
}

/** The output panel, and the step-through under it while a traced run is open. */
export function RunOutput({ runner, label, onStep, editor }: RunOutputProps) {
  return (
    <>
      <OutputPanel
        status={runner.status}
        output={runner.output}
        result={runner.result}
        label={label}
        waiting={runner.waiting}
        onAnswer={runner.answer}
        drawing={runner.drawing}
        editor={editor}
        animation={runner.animation}
      />
      {runner.trace && (
        <StepThrough
          trace={runner.trace}
          stdout={runner.output
            .filter((c) => c.stream === 'stdout')
            .map((c) => c.text)
            .join('')}
          drawing={runner.drawing}
          onStep={onStep}
          onClose={runner.closeTrace}
        />
      )}
    </>
  );
}
