import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { LessonCodeBlock } from '#shared/api/lesson.schema.ts';
import { samePrediction } from './checkpoint-answers.ts';
import { RUN_TIMEOUT_MS } from './friendly-errors.ts';
import { useRunner } from './use-runner.ts';

export type CheckpointSpec = NonNullable<LessonCodeBlock['checkpoint']>;

type Stage = { kind: 'predicting'; feedback: string } | { kind: 'revealed'; predicted: boolean };

/**
 * A checkpoint's state: the learner's prediction (a chosen option or typed text), the options
 * already tried, what to tell them, and the run once the output is revealed.
 */
export function useCheckpoint(block: LessonCodeBlock & { checkpoint: CheckpointSpec }) {
  const { options, output } = block.checkpoint;
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

  return {
    choice,
    setChoice,
    typed,
    setTyped,
    tried,
    wrongOnce,
    stage,
    runner,
    revealHeadingRef: revealHeading,
    reveal,
    check,
  };
}
