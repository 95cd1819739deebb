/*
 * The Step through panel: the trace the worker recorded, one step at a time. Back and Next, the
 * arrow keys and a slider move through it; the editor highlights the step's line (the caller does
 * that from onStep); each frame's variables are listed with lists and dicts as values, and names
 * bound to the same object are marked as such. A live region says the line and what changed.
 */
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import styles from './step-through.module.css';
import type { Drawing } from './turtle-drawing.ts';
import { DrawingPicture } from './turtle-view.tsx';
import {
  describeStep,
  frameTitle,
  sharedObjects,
  showValue,
  type Trace,
  type TraceStep,
  type TraceValue,
} from './trace.ts';
import { STEP_LIMIT } from './worker-python.ts';

/** Where the program is at this step, in words. */
function whereText(step: TraceStep): string {
  return step.event === 'end'
    ? 'The program has finished.'
    : step.event === 'return'
      ? `Line ${step.line}: ${step.frames.at(-1)?.name ?? 'the function'}() returns.`
      : `Next to run: line ${step.line}.`;
}

/** The trace has no step: the program ended before its first line ran. */
function NoSteps({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.title}>
        Step through
      </h3>
      <p>The program finished before running a single line, so there is nothing to step through.</p>
      <Button size="sm" variant="quiet" onClick={onClose}>
        Close steps
      </Button>
    </section>
  );
}

interface StepControlsProps {
  step: TraceStep;
  index: number;
  count: number;
  go(index: number): void;
}

/** Back, Next, the slider and the step's position. */
function StepControls({ step, index, count, go }: StepControlsProps) {
  return (
    <div className={styles.controls}>
      <Button size="sm" variant="secondary" onClick={() => go(index - 1)} unavailable={index === 0}>
        Back
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => go(index + 1)}
        unavailable={index === count - 1}
      >
        Next
      </Button>
      <label className={styles.slider}>
        <span className={styles.visuallyHidden}>Step</span>
        <input
          type="range"
          min={1}
          max={count}
          value={index + 1}
          onChange={(event) => go(Number(event.target.value) - 1)}
          aria-valuetext={`Step ${index + 1} of ${count}, line ${step.line}`}
        />
      </label>
      <span className={styles.position} data-testid="step-position">
        Step {index + 1} of {count}
      </span>
    </div>
  );
}

/** Each frame on the call stack with its variables, the running one last. */
function FrameList({ step, shared }: { step: TraceStep; shared: Map<number, string[]> }) {
  return (
    <div className={styles.frames}>
      {step.frames.map((frame, depth) => (
        <div key={depth} className={styles.frame} data-testid="step-frame">
          <p className={styles.frameTitle}>
            {frameTitle(frame)}
            {step.frames.length > 1 && depth === step.frames.length - 1 && ' (running now)'}
          </p>
          {frame.vars.length === 0 ? (
            <p className={styles.empty}>No variables yet.</p>
          ) : (
            <table className={styles.vars}>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Value</th>
                </tr>
              </thead>
              <tbody>
                {frame.vars.map(([name, value]) => (
                  <tr key={name} data-name={name}>
                    <th scope="row">{name}</th>
                    <td>
                      <ValueCell value={value} name={name} shared={shared} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      ))}
    </div>
  );
}

export function StepThrough(props: {
  trace: Trace;
  /** Everything the program printed; each step shows the part printed so far. */
  stdout: string;
  /** What the program drew with turtle; each step shows the part drawn so far. */
  drawing?: Drawing | undefined;
  /** The step shown changed (its line is highlighted in the editor). */
  onStep: (line: number | null) => void;
  onClose: () => void;
}) {
  const { trace, stdout, onStep } = props;
  const id = useId();
  const [index, setIndex] = useState(0);
  const steps = trace.steps;
  const step = steps[index];
  const last = steps.length - 1;

  useEffect(() => {
    onStep(step && step.event !== 'end' ? step.line : null);
  }, [step, onStep]);
  useEffect(() => () => onStep(null), [onStep]);

  const go = (next: number) => setIndex(Math.min(Math.max(next, 0), last));
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // The slider moves itself with the arrow keys; elsewhere in the panel they move it too.
    if ((event.target as HTMLElement).tagName === 'INPUT') return;
    if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
    else return;
    event.preventDefault();
  };

  if (!step) return <NoSteps titleId={`${id}-title`} onClose={props.onClose} />;

  const shared = sharedObjects(step);
  const printed = stdout.slice(0, step.out);
  return (
    <section
      className={styles.panel}
      aria-labelledby={`${id}-title`}
      onKeyDown={onKeyDown}
      data-testid="step-through"
    >
      <div className={styles.header}>
        <h3 id={`${id}-title`} className={styles.title}>
          Step through
        </h3>
        <Button size="sm" variant="quiet" onClick={props.onClose}>
          Close steps
        </Button>
      </div>
      {trace.limitReached && (
        <p className={styles.note}>
          The program was stopped after {STEP_LIMIT.toLocaleString('en')} steps, the most Step
          through records. Try it with fewer loop rounds.
        </p>
      )}
      <StepControls step={step} index={index} count={steps.length} go={go} />
      <p className={styles.where} data-testid="step-line">
        {whereText(step)}
      </p>
      <FrameList step={step} shared={shared} />
      <div>
        <p className={styles.frameTitle}>Output so far</p>
        <pre className={styles.output} data-testid="step-output">
          {printed || '(nothing printed yet)'}
        </pre>
      </div>
      {props.drawing && step.drawn !== undefined && (
        <div data-testid="step-drawing">
          <p className={styles.frameTitle}>Drawing so far</p>
          <DrawingPicture drawing={props.drawing} shown={step.drawn} finished />
        </div>
      )}
      <p className={styles.visuallyHidden} aria-live="polite" aria-atomic="true">
        {describeStep(steps, index)}
      </p>
    </section>
  );
}

function ValueCell(props: { value: TraceValue; name: string; shared: Map<number, string[]> }) {
  const { value, shared } = props;
  const others =
    value.id !== undefined
      ? (shared.get(value.id) ?? []).filter(
          (n) => n !== props.name && !n.startsWith(`${props.name} (`),
        )
      : [];
  return (
    <>
      <code className={styles.value}>{showValue(value)}</code>
      {value.id !== undefined && value.items !== undefined && (
        <span className={styles.label}>
          {' '}
          {value.type} #{value.id}
        </span>
      )}
      {value.id !== undefined && value.entries !== undefined && (
        <span className={styles.label}> dict #{value.id}</span>
      )}
      {others.length > 0 && (
        <span className={styles.alias} data-testid="alias">
          {' '}
          same object as {others.join(', ')}
        </span>
      )}
    </>
  );
}
