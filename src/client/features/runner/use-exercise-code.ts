import { useEffect, useMemo, useRef, useState } from 'react';
import type { ExerciseCheckReply } from '#shared/api/exercise-progress.schema.ts';
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
  /** The server's verdict on a Check, once it arrives. */
  onServerVerdict?: (reply: ExerciseCheckReply, browserPassed: boolean) => void,
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
  const { save, check } = useExerciseAutosave(exercise.id, setSaveState, (reply, browserPassed) => {
    // The server decides: solved once its own check passed, and never undone.
    setSolved(reply.progress.solved);
    onServerVerdict?.(reply, browserPassed);
  });

  useEffect(() => {
    // A draft the server never received is sent now (a Check as a Check).
    if (!start.fromDraft) return;
    const draft = readDraft(localStorage, exercise.id);
    if (draft?.check) check(draft.code, draft.check.browserPassed);
    else save(start.code, true);
  }, [save, check, start, exercise.id]);

  /** Every edit is kept at once and saved (as a draft right away, on the server after a pause). */
  const edit = (next: string) => {
    code.current = next;
    save(next);
  };
  const attachEditor = (handle: EditorHandle | null) => {
    editor.current = handle;
  };
  /**
   * A Check finished in the browser: a pass shows the badge at once, and the code goes to the
   * server, whose own verdict then decides (one request, issue 30).
   */
  const checked = (submitted: string, browserPassed: boolean) => {
    if (browserPassed) setSolved(true);
    check(submitted, browserPassed);
  };

  return {
    start,
    codeRef: code,
    editorRef: editor,
    solved,
    saveState,
    edit,
    attachEditor,
    checked,
  };
}
