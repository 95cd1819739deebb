import { useCallback, useEffect, type RefObject } from 'react';
import type { LessonExercise } from '#shared/api/lesson.schema.ts';
import { exerciseCheckRuns } from '#shared/content/python-checks.ts';
import { useRecordCheck } from '#client/features/learning/code-history.tsx';
import type { EditorHandle } from './code-editor.tsx';
import { RUN_TIMEOUT_MS } from './friendly-errors.ts';
import { checkResult } from './run-results.ts';
import { useRunner } from './use-runner.ts';

/**
 * The workbench's Run, Check, Step through and Reset over its editor, and the failing line's mark.
 * `onSolved` gets the code of a Check that passed every step.
 */
export function useExerciseRuns(
  exercise: LessonExercise,
  code: RefObject<string>,
  editor: RefObject<EditorHandle | null>,
  stdin: string,
  onSolved: (submitted: string) => void,
) {
  const runner = useRunner();
  const recordCheck = useRecordCheck(exercise.id);
  const busy = runner.status !== 'idle';

  const run = (trace = false) => {
    if (busy) return;
    editor.current?.markLine(null);
    void runner.execute({ code: code.current, stdin, timeoutMs: RUN_TIMEOUT_MS }, undefined, {
      interactive: stdin === '',
      trace,
    });
  };
  const markStep = useCallback(
    (line: number | null) => editor.current?.markLine(line, 'step'),
    [editor],
  );
  const errorLine = runner.result?.kind === 'error' ? runner.result.report.lineno : undefined;
  useEffect(() => {
    // The line that failed is highlighted (and scrolled to) until the code is edited.
    if (errorLine !== undefined) editor.current?.markLine(errorLine, 'error');
  }, [editor, errorLine, runner.result]);

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
        if (result.kind === 'pass' && index === steps.length - 1) onSolved(submitted);
        return result;
      },
    );
  };

  const reset = () => {
    editor.current?.setCode(exercise.starter);
    runner.clear();
    editor.current?.focus();
  };

  return { runner, busy, run, check, reset, markStep };
}
