/*
 * The exercise's output (issue 35): the panel, which points into the editor at an error's place,
 * and under it the nudge to press Check when a Run already prints the expected output.
 */
import type { RefObject } from 'react';
import type { LessonExercise } from '#shared/api/lesson.schema.ts';
import { CheckNudge } from './check-nudge.tsx';
import type { EditorHandle } from './code-editor.tsx';
import type { useExerciseRuns } from './use-exercise-runs.ts';
import { RunOutput } from './workbench-parts.tsx';

export function ExerciseRunOutput(props: {
  exercise: LessonExercise;
  runs: Pick<ReturnType<typeof useExerciseRuns>, 'runner' | 'markStep'>;
  editor: RefObject<EditorHandle | null>;
  solved: boolean;
}) {
  const { exercise, runs } = props;
  return (
    <>
      <RunOutput
        runner={runs.runner}
        label={`Output of ${exercise.title}`}
        onStep={runs.markStep}
        editor={props.editor}
      />
      <CheckNudge
        exercise={exercise}
        result={runs.runner.result}
        output={runs.runner.output}
        solved={props.solved}
      />
    </>
  );
}
