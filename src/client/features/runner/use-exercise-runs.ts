import { useCallback, type RefObject } from 'react';
import type { LessonExercise } from '#shared/api/lesson.schema.ts';
import { exerciseCheckRuns } from '#shared/content/python-checks.ts';
import type { EditorHandle } from './code-editor.tsx';
import { RUN_TIMEOUT_MS } from './friendly-errors.ts';
import { checkResult } from './run-results.ts';
import { useErrorMark } from './use-error-mark.ts';
import { useRunner } from './use-runner.ts';

/**
 * The workbench's Run, Check, Step through and Reset over its editor, and the failing line's mark.
 * `onChecked` gets the code of every Check once it ends, with the browser's verdict; the server's
 * own verdict comes back through `serverVerdict`, which corrects what the panel shows if it differs.
 */
export function useExerciseRuns(
  exercise: LessonExercise,
  code: RefObject<string>,
  editor: RefObject<EditorHandle | null>,
  stdin: string,
  onChecked: (submitted: string, browserPassed: boolean) => void,
) {
  const runner = useRunner();
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
  useErrorMark(editor, runner.result);

  const check = () => {
    if (busy) return;
    editor.current?.markLine(null);
    const submitted = code.current;
    const steps = exerciseCheckRuns(submitted, exercise);
    void runner.execute(
      steps.map((step) => ({ stdin: '', ...step.request, timeoutMs: RUN_TIMEOUT_MS })),
      (outcome, index) => {
        const step = steps[index];
        if (!step) return undefined;
        const result = checkResult(step, outcome, RUN_TIMEOUT_MS);
        // The Check ends at its first failing step or its last one: then it goes to the server.
        // A run stopped by the learner, or Python that could not run, decides nothing.
        const ended = result.kind !== 'pass' || index === steps.length - 1;
        if (
          ended &&
          (result.kind === 'pass' || result.kind === 'fail' || result.kind === 'error')
        ) {
          onChecked(submitted, result.kind === 'pass');
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

  /** The server's verdict on a Check: shown in place of the browser's when they differ. */
  const serverVerdict = useCallback(
    (reply: { passed: boolean; message: string }, browserPassed: boolean) => {
      if (reply.passed === browserPassed) return;
      runner.amend(
        reply.passed
          ? { kind: 'pass', text: `Correct! The server checked your code: ${reply.message}` }
          : { kind: 'fail', text: `Not yet. The server checked your code: ${reply.message}` },
      );
    },
    [runner],
  );

  return { runner, busy, run, check, reset, markStep, serverVerdict };
}
