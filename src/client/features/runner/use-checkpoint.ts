import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { LessonCodeBlock } from '#shared/api/lesson.schema.ts';
import { judgePrediction, type Feedback } from './checkpoint-answers.ts';
import { RUN_TIMEOUT_MS } from './friendly-errors.ts';
import { useRunner } from './use-runner.ts';

export type CheckpointSpec = NonNullable<LessonCodeBlock['checkpoint']>;

export type { Feedback };

type Stage = { kind: 'predicting'; feedback: Feedback } | { kind: 'revealed'; predicted: boolean };

/** The explanation of a checkpoint in the lesson text, hidden until the learner has predicted. */
function showExplanation(index: number): void {
  const region = document.querySelector<HTMLElement>(`[data-reveal-for="${index}"]`);
  if (region) region.hidden = false;
}

/**
 * A checkpoint's state: the learner's prediction (a chosen option or typed text), the options
 * already tried, what to tell them, and the run once the output is revealed.
 */
export function useCheckpoint(block: LessonCodeBlock & { checkpoint: CheckpointSpec }) {
  const [choice, setChoice] = useState<number | null>(null);
  const [typed, setTyped] = useState('');
  const [tried, setTried] = useState<ReadonlySet<number>>(new Set());
  const [wrongOnce, setWrongOnce] = useState(false);
  const [stage, setStage] = useState<Stage>({ kind: 'predicting', feedback: { text: '' } });
  const runner = useRunner();
  const revealHeading = useRef<HTMLParagraphElement>(null);

  // The controls that were used are locked once the output is shown; the focus goes to what replaced them.
  useEffect(() => {
    if (stage.kind === 'revealed') revealHeading.current?.focus();
  }, [stage.kind]);

  function reveal(predicted: boolean) {
    setStage({ kind: 'revealed', predicted });
    showExplanation(block.index);
    void runner.execute({
      code: block.code,
      ...(block.stdin !== undefined ? { stdin: block.stdin } : {}),
      timeoutMs: RUN_TIMEOUT_MS,
    });
  }

  function check(event: FormEvent) {
    event.preventDefault();
    if (stage.kind === 'revealed') return;
    const judged = judgePrediction(block.checkpoint, choice, typed);
    if (judged.kind === 'right') {
      reveal(true);
      return;
    }
    if (judged.kind === 'wrong') {
      if (choice !== null && judged.picked) setTried(new Set(tried).add(choice));
      setWrongOnce(true);
    }
    setStage({ kind: 'predicting', feedback: judged.feedback });
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
