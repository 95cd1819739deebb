import { useEffect, useMemo, useRef, useState } from 'react';
import type { LessonExercise } from '#shared/api/lesson.schema.ts';
import type { EditorHandle } from './code-editor.tsx';
import { readDraft, startingPoint } from './drafts.ts';
import { useExerciseAutosave, type SaveState } from './use-exercise-progress.ts';

/**
 * The workbench's code: what the editor opens with (saved code, a newer draft or the starter), the
 * latest text, the editor's handle, whether it is solved and how saving goes.
 */
export function useExerciseCode(
  exercise: LessonExercise,
  saved: Parameters<typeof startingPoint>[1],
) {
  const start = useMemo(
    () => startingPoint(exercise.starter, saved, readDraft(localStorage, exercise.id)),
    // Only the first render decides what the editor opens with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const code = useRef(start.code);
  const editor = useRef<EditorHandle | null>(null);
  const [solved, setSolved] = useState(start.solved);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const { save } = useExerciseAutosave(exercise.id, setSaveState);

  useEffect(() => {
    // A draft the server never received is sent now.
    if (start.fromDraft) save(start.code, start.solved, true);
  }, [save, start]);

  /** Every edit is kept at once and saved (as a draft right away, on the server after a pause). */
  const edit = (next: string) => {
    code.current = next;
    save(next);
  };
  const attachEditor = (handle: EditorHandle | null) => {
    editor.current = handle;
  };
  /** A Check passed: the badge shows and the passing code is saved as solved. */
  const markSolved = (submitted: string) => {
    setSolved(true);
    save(submitted, true, true);
  };

  return {
    start,
    codeRef: code,
    editorRef: editor,
    solved,
    saveState,
    edit,
    attachEditor,
    markSolved,
  };
}
