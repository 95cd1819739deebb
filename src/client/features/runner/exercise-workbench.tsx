/*
 * The hands-on part of an exercise: the editor with the learner's code, Run, Check, Stop and
 * Reset, the program's input and output, hints one at a time, and saved progress. The lesson page
 * renders the prompt and the solution toggle around it.
 */
import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { LessonExercise } from '#shared/api/lesson.schema.ts';
import { exerciseFileName, saveTextFile } from '#client/lib/save-file.ts';
import type { startingPoint } from './drafts.ts';
import { useRuntime } from './runtime-context.tsx';
import styles from './runner.module.css';
import { useExerciseCode } from './use-exercise-code.ts';
import { useSavedExercises, type SaveState } from './use-exercise-progress.ts';
import { useExerciseRuns } from './use-exercise-runs.ts';
import { usePreloadWhenIdle } from './use-runner.ts';
import {
  EditorHeader,
  ExerciseEditor,
  HintList,
  ProgramInput,
  WorkbenchToolbar,
} from './workbench-parts.tsx';
import { ExerciseRunOutput } from './exercise-run-output.tsx';
import { CodeHistory } from '#client/features/learning/code-history.tsx';

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
  // The server's verdict on a Check reaches the panel the runs draw (set once they exist, below).
  const serverVerdict = useRef<ReturnType<typeof useExerciseRuns>['serverVerdict']>(undefined);
  const { start, codeRef, editorRef, solved, saveState, edit, attachEditor, checked } =
    useExerciseCode(exercise, props.saved, (reply, browserPassed) =>
      serverVerdict.current?.(reply, browserPassed),
    );
  // Empty: input() is answered in the console. Check always feeds the exercise's own input.
  const [stdin, setStdin] = useState('');
  const [hintsShown, setHintsShown] = useState(0);
  const runtime = useRuntime();
  const runs = useExerciseRuns(exercise, codeRef, editorRef, stdin, checked);
  const { runner, busy, run, check, reset } = runs;
  useLayoutEffect(() => {
    serverVerdict.current = runs.serverVerdict;
  });

  const hints = exercise.hints;
  const keysId = `${id}-keys`;

  return (
    <div className={styles.workbench}>
      <EditorHeader
        solved={solved}
        saveText={
          props.savedUnavailable && saveState === 'idle'
            ? 'Your saved code could not be loaded; you are editing the starter code.'
            : SAVE_TEXT[saveState]
        }
      />
      <ExerciseEditor
        initialCode={start.code}
        label={`Code for ${exercise.title}`}
        describedBy={keysId}
        onChange={edit}
        onRun={() => run()}
        onFocus={() =>
          void runtime()
            .preload()
            .catch(() => undefined)
        }
        handleRef={attachEditor}
      />
      <WorkbenchToolbar
        busy={busy}
        animating={runner.animating}
        hintsShown={hintsShown}
        hintCount={hints.length}
        onRun={() => run()}
        onCheck={check}
        onStepThrough={() => run(true)}
        onStop={runner.stop}
        onReset={reset}
        onHint={() => setHintsShown((n) => Math.min(n + 1, hints.length))}
        onDownload={() =>
          saveTextFile(codeRef.current, exerciseFileName(exercise.id), 'text/x-python')
        }
      />
      <CodeHistory
        exerciseId={exercise.id}
        onRestore={(restored) => {
          editorRef.current?.setCode(restored);
          editorRef.current?.focus();
        }}
      />
      <ProgramInput
        inputId={`${id}-stdin`}
        stdin={stdin}
        severalInputs={Boolean(exercise.check.also)}
        onChange={setStdin}
      />
      <ExerciseRunOutput exercise={exercise} runs={runs} editor={editorRef} solved={solved} />
      {hintsShown > 0 && <HintList hints={hints} shown={hintsShown} />}
    </div>
  );
}
