/*
 * The hands-on part of an exercise: the editor with the learner's code, Run, Check, Stop and
 * Reset, the program's input and output, hints one at a time, and saved progress. The lesson page
 * renders the prompt and the solution toggle around it.
 */
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { LessonExercise } from '#shared/api/lesson.schema.ts';
import { Button } from '#client/components/ui/button.tsx';
import { InlineCode } from '#client/components/ui/inline-code.tsx';
import type { EditorHandle } from './code-editor.tsx';
import { readDraft, startingPoint } from './drafts.ts';
import { RUN_TIMEOUT_MS } from './friendly-errors.ts';
import { OutputPanel } from './output-panel.tsx';
import { StepThrough } from './step-through.tsx';
import { useRuntime } from './runtime-context.tsx';
import styles from './runner.module.css';
import { useExerciseAutosave, useSavedExercises, type SaveState } from './use-exercise-progress.ts';
import { checkResult } from './run-results.ts';
import { exerciseCheckRuns } from '#shared/content/python-checks.ts';
import { usePreloadWhenIdle, useRunner } from './use-runner.ts';
import { CodeHistory, useRecordCheck } from '#client/features/learning/code-history.tsx';

const CodeEditor = lazy(() => import('./code-editor.tsx'));

const SAVE_TEXT: Record<SaveState, string> = {
  idle: '',
  saving: 'Saving...',
  saved: 'Saved',
  offline: 'Not saved yet: kept on this device, and sent when the connection is back.',
  'too-large': 'Too long to save: shorten the code to under 20,000 characters.',
};

export function ExerciseWorkbench({ exercise }: { exercise: LessonExercise }) {
  const saved = useSavedExercises();
  // The editor opens once the saved code is known (or known to be unavailable).
  if (saved.isPending) {
    return <pre className={styles.placeholder}>{exercise.starter}</pre>;
  }
  const entry = saved.data?.exercises.find((e) => e.exerciseId === exercise.id);
  return <Workbench exercise={exercise} saved={entry} savedUnavailable={saved.isError} />;
}

function Workbench(props: {
  exercise: LessonExercise;
  saved: Parameters<typeof startingPoint>[1];
  savedUnavailable: boolean;
}) {
  const { exercise } = props;
  const id = useId();
  usePreloadWhenIdle();
  const start = useMemo(
    () => startingPoint(exercise.starter, props.saved, readDraft(localStorage, exercise.id)),
    // Only the first render decides what the editor opens with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const code = useRef(start.code);
  const editor = useRef<EditorHandle | null>(null);
  const [solved, setSolved] = useState(start.solved);
  // Empty: input() is answered in the console. Check always feeds the exercise's own input.
  const [stdin, setStdin] = useState('');
  const [hintsShown, setHintsShown] = useState(0);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const runner = useRunner();
  const runtime = useRuntime();
  const { save } = useExerciseAutosave(exercise.id, setSaveState);
  const recordCheck = useRecordCheck(exercise.id);
  const busy = runner.status !== 'idle';

  useEffect(() => {
    // A draft the server never received is sent now.
    if (start.fromDraft) save(start.code, start.solved, true);
  }, [save, start]);

  const run = (trace = false) => {
    if (busy) return;
    editor.current?.markLine(null);
    void runner.execute({ code: code.current, stdin, timeoutMs: RUN_TIMEOUT_MS }, undefined, {
      interactive: stdin === '',
      trace,
    });
  };
  const markStep = useCallback((line: number | null) => editor.current?.markLine(line, 'step'), []);
  const errorLine = runner.result?.kind === 'error' ? runner.result.report.lineno : undefined;
  useEffect(() => {
    // The line that failed is highlighted (and scrolled to) until the code is edited.
    if (errorLine !== undefined) editor.current?.markLine(errorLine, 'error');
  }, [errorLine, runner.result]);

  const check = () => {
    if (busy) return;
    editor.current?.markLine(null);
    const submitted = code.current;
    const steps = exerciseCheckRuns(submitted, exercise.check);
    void runner.execute(
      steps.map((step) => ({ stdin: '', ...step.request, timeoutMs: RUN_TIMEOUT_MS })),
      (outcome, index) => {
        const step = steps[index];
        if (!step) return undefined;
        const result = checkResult(step, outcome, RUN_TIMEOUT_MS);
        // The Check ends at its first failing step or its last one: that version is kept.
        if (result.kind !== 'pass' || index === steps.length - 1) {
          recordCheck.mutate({ code: submitted, passed: result.kind === 'pass' });
        }
        if (result.kind === 'pass' && index === steps.length - 1) {
          setSolved(true);
          save(submitted, true, true);
        }
        return result;
      },
    );
  };

  const reset = () => {
    editor.current?.setCode(exercise.starter);
    runner.clear();
    editor.current?.focus();
  };

  const hints = exercise.hints;
  const keysId = `${id}-keys`;
  const inputId = `${id}-stdin`;

  return (
    <div className={styles.workbench}>
      <div className={styles.editorHeader}>
        <span className={styles.editorTitle}>Your code</span>
        {solved && (
          <span className={styles.solvedBadge} data-testid="solved-badge">
            Solved
          </span>
        )}
        <span className={styles.saveState} aria-live="polite">
          {props.savedUnavailable && saveState === 'idle'
            ? 'Your saved code could not be loaded; you are editing the starter code.'
            : SAVE_TEXT[saveState]}
        </span>
      </div>
      <Suspense fallback={<pre className={styles.placeholder}>{start.code}</pre>}>
        <CodeEditor
          initialCode={start.code}
          label={`Code for ${exercise.title}`}
          describedBy={keysId}
          onChange={(next) => {
            code.current = next;
            save(next);
          }}
          onRun={() => run()}
          onFocus={() =>
            void runtime()
              .preload()
              .catch(() => undefined)
          }
          handleRef={(handle) => {
            editor.current = handle;
          }}
        />
      </Suspense>
      <p id={keysId} className={styles.keys}>
        Ctrl+Enter (Cmd+Enter on a Mac) runs the code. Tab indents; press Escape, then Tab, to leave
        the editor.
      </p>
      <div className={styles.toolbar}>
        {/* busy/unavailable rather than disabled: the pressed button keeps the focus (issue 26). */}
        <Button size="sm" onClick={() => run()} busy={busy}>
          Run
        </Button>
        <Button size="sm" variant="secondary" onClick={check} busy={busy}>
          Check
        </Button>
        <Button size="sm" variant="secondary" onClick={() => run(true)} busy={busy}>
          Step through
        </Button>
        <Button size="sm" variant="secondary" onClick={runner.stop} unavailable={!busy}>
          Stop
        </Button>
        <Button size="sm" variant="quiet" onClick={reset}>
          Reset
        </Button>
        <Button
          size="sm"
          variant="quiet"
          onClick={() => setHintsShown((n) => Math.min(n + 1, hints.length))}
          unavailable={hintsShown >= hints.length}
        >
          {hintsShown >= hints.length ? 'No more hints' : 'Hint'}
        </Button>
      </div>
      <CodeHistory
        exerciseId={exercise.id}
        onRestore={(restored) => {
          editor.current?.setCode(restored);
          editor.current?.focus();
        }}
      />
      <details className={styles.stdin}>
        <summary>Give the program&rsquo;s input in advance (optional)</summary>
        <label htmlFor={inputId}>Program input</label>
        <textarea
          id={inputId}
          rows={2}
          value={stdin}
          onChange={(event) => setStdin(event.target.value)}
          spellCheck={false}
          aria-describedby={`${inputId}-help`}
        />
        <p id={`${inputId}-help`} className={styles.keys}>
          One line for each input() call. Leave it empty to type each answer in the output while the
          program runs.{' '}
          {exercise.check.also
            ? 'Check tries the exercise’s own inputs, one after another.'
            : 'Check uses the exercise’s own input.'}
        </p>
      </details>
      <OutputPanel
        status={runner.status}
        output={runner.output}
        result={runner.result}
        label={`Output of ${exercise.title}`}
        waiting={runner.waiting}
        onAnswer={runner.answer}
      />
      {runner.trace && (
        <StepThrough
          trace={runner.trace}
          stdout={runner.output
            .filter((c) => c.stream === 'stdout')
            .map((c) => c.text)
            .join('')}
          onStep={markStep}
          onClose={runner.closeTrace}
        />
      )}
      {hintsShown > 0 && (
        <div className={styles.hints} aria-live="polite">
          {hints.slice(0, hintsShown).map((hint, index) => (
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
      )}
    </div>
  );
}
