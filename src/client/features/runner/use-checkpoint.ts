import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { LessonCodeBlock } from '#shared/api/lesson.schema.ts';
import { samePrediction } from './checkpoint-answers.ts';
import { RUN_TIMEOUT_MS } from './friendly-errors.ts';
import { useRunner } from './use-runner.ts';

export type CheckpointSpec = NonNullable<LessonCodeBlock['checkpoint']>;

/** What the learner is told after a prediction: plain text, or an option's own why-not (HTML). */
export type Feedback = { text: string } | { html: string };

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
  const { options, pictures, output } = block.checkpoint;
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
    if (pictures) {
      checkPicture(choice === null ? undefined : pictures[choice]);
      return;
    }
    const picked = options && choice !== null ? options[choice] : undefined;
    const prediction = options ? (picked?.text ?? null) : typed;
    if (prediction === null || (options === null && typed.trim() === '')) {
      setStage({
        kind: 'predicting',
        feedback: {
          text: options ? 'Pick one of the outputs first.' : 'Type what you expect first.',
        },
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
      // Each wrong option stands for a misunderstanding, and says which.
      feedback: picked?.whyNotHtml
        ? { html: `Not this one. ${picked.whyNotHtml}` }
        : {
            text: options
              ? 'Not this one. Read the code once more and pick again, or press Show me.'
              : 'Not quite. Read the code once more and try again, or press Show me.',
          },
    });
  }

  /** A picture checkpoint knows which option is right; the learner's pick is that one or not. */
  function checkPicture(picked: NonNullable<CheckpointSpec['pictures']>[number] | undefined) {
    if (!picked) {
      setStage({ kind: 'predicting', feedback: { text: 'Pick one of the pictures first.' } });
      return;
    }
    if (picked.right) {
      reveal(true);
      return;
    }
    if (choice !== null) setTried(new Set(tried).add(choice));
    setWrongOnce(true);
    setStage({
      kind: 'predicting',
      feedback: picked.whyNotHtml
        ? { html: `Not this one. ${picked.whyNotHtml}` }
        : { text: 'Not this one. Read the code once more and pick again, or press Show me.' },
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
