import { useEffect, useRef, useState, type RefObject } from 'react';
import { InlineCode } from '#client/components/ui/inline-code.tsx';
import type { EditorHandle } from './code-editor.tsx';
import { ErrorActions } from './error-actions.tsx';
import { OutputCompare } from './output-compare.tsx';
import { diffOutput } from './output-diff.ts';
import type { RunnerResult } from './run-results.ts';
import { describeDrawing, type Drawing } from './turtle-drawing.ts';
import { TurtleView, type DrawingAnimation } from './turtle-view.tsx';
import type { RunnerStatus } from './use-runner.ts';
import type { OutputChunk } from './worker-protocol.ts';
import styles from './runner.module.css';

/** Long text is cut for reading out; the panel itself shows all of it. */
const spoken = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}...` : text);
/** A hint's `code` marks are shown as code, and not read out. */
const unmarked = (text: string) => text.replace(/`/g, '');

/**
 * Text read out by screen readers when a run ends: the result, then what was printed (and drawn).
 * A failed Check also says what was expected (issue 26): 'Not yet' alone does not tell what to
 * change.
 */
export function announcement(
  result: RunnerResult | undefined,
  output: OutputChunk[],
  drawing?: Drawing,
): string {
  if (!result) return '';
  if (result.kind === 'fail' && result.expected !== undefined) {
    const expected = spoken(result.expected.trim()) || 'nothing';
    const actual = spoken((result.actual ?? '').trim()) || 'nothing';
    // What differs first, in words: the marks in the panel are not read out.
    const differs = result.actual
      ? ` ${unmarked(diffOutput(result.expected, result.actual).sentence)}`
      : '';
    return `${result.text}${differs} Expected output: ${expected}. Your output: ${actual}.`;
  }
  const printed = output
    .filter((c) => c.stream === 'stdout')
    .map((c) => c.text)
    .join('')
    .trim();
  const shown = spoken(printed);
  const hint =
    result.kind === 'error' && result.report.hint ? ` ${unmarked(result.report.hint)}` : '';
  const drawn = drawing ? ` ${describeDrawing(drawing)}` : '';
  return `${result.text}${hint}${shown ? ` Output: ${shown}` : ''}${drawn}`;
}

/** The last line printed so far: the prompt input() showed, read out as the answer box's name. */
function lastLine(output: OutputChunk[]): string {
  const text = output
    .filter((c) => c.stream === 'stdout')
    .map((c) => c.text)
    .join('');
  return text.slice(text.lastIndexOf('\n') + 1).trim();
}

export function OutputPanel(props: {
  status: RunnerStatus;
  output: OutputChunk[];
  result: RunnerResult | undefined;
  label: string;
  /** The program waits in input(): the console shows a field on the prompt's line. */
  waiting?: boolean;
  onAnswer?: (text: string) => void;
  /** What the program drew with turtle, shown under what it printed. */
  drawing?: Drawing | undefined;
  /** The editor of the code that ran: an error's place is shown in it, and a fix applied to it. */
  editor?: RefObject<EditorHandle | null> | undefined;
  /** Where Stop can end the drawing as it appears (useRunner's `animation`). */
  animation?: DrawingAnimation;
}) {
  const { status, output, result, waiting = false } = props;
  const hasOutput = output.length > 0;
  const area = useRef<HTMLDivElement>(null);

  // Run and Check bring their result into view (the focus stays on the button that was pressed).
  useEffect(() => {
    const element = area.current;
    // Component tests run in jsdom, which has neither scrolling nor media queries.
    if (!result || !element || typeof element.scrollIntoView !== 'function') return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ block: 'nearest', behavior: still ? 'auto' : 'smooth' });
  }, [result]);

  return (
    // tabIndex -1: after an answer the field goes away, and the focus stays here, not on the page.
    <div className={styles.outputArea} ref={area} tabIndex={-1}>
      {status === 'loading' && (
        <p className={styles.status}>Loading Python (only the first run takes a moment)...</p>
      )}
      {status === 'running' && !waiting && <p className={styles.status}>Running...</p>}
      {waiting && (
        <p className={styles.status}>
          Your program is waiting for you: type an answer in the output, then press Enter.
        </p>
      )}
      {(hasOutput || result || waiting) && (
        // A tab stop only while it scrolls (lib/scroll-tab-stops.ts); a named group meanwhile.
        <pre className={styles.output} role="group" aria-label={props.label}>
          {hasOutput
            ? output.map((chunk, i) => (
                <span key={i} className={chunk.stream === 'stderr' ? styles.stderr : undefined}>
                  {chunk.text}
                </span>
              ))
            : !waiting && '(no output)'}
          {waiting && props.onAnswer && (
            <AnswerField
              prompt={lastLine(output)}
              onAnswer={(text) => {
                area.current?.focus({ preventScroll: true });
                props.onAnswer?.(text);
              }}
            />
          )}
        </pre>
      )}
      {props.drawing && <TurtleView drawing={props.drawing} animation={props.animation} />}
      {result && <ResultView result={result} editor={props.editor} />}
      {/* Announces each result once; the output stream itself is not read out as it arrives. */}
      <p className={styles.visuallyHidden} aria-live="polite" aria-atomic="true">
        {announcement(result, output, props.drawing)}
      </p>
    </div>
  );
}

/** The line input() reads, typed where the prompt ends, like a terminal. */
function AnswerField({ prompt, onAnswer }: { prompt: string; onAnswer: (text: string) => void }) {
  const [text, setText] = useState('');
  return (
    <input
      className={styles.answer}
      // Focus moves here when the program starts waiting: the learner's next key is the answer.
      autoFocus
      aria-label={prompt ? `Answer to: ${prompt}` : 'Answer for input()'}
      value={text}
      autoCapitalize="off"
      autoCorrect="off"
      autoComplete="off"
      spellCheck={false}
      enterKeyHint="send"
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        onAnswer(text);
      }}
    />
  );
}

function ResultView(props: {
  result: RunnerResult;
  editor: RefObject<EditorHandle | null> | undefined;
}) {
  const { result, editor } = props;
  const tone =
    result.kind === 'pass'
      ? styles.pass
      : result.kind === 'finished'
        ? styles.neutral
        : styles.fail;
  return (
    <div className={`${styles.result} ${tone}`} data-result={result.kind}>
      <p className={styles.resultText}>
        {result.kind === 'pass' && <span aria-hidden="true">✓ </span>}
        {result.text}
      </p>
      {result.kind === 'error' && result.report.suggestion && (
        <p className={styles.hint} data-testid="error-suggestion">
          Python suggests: {result.report.suggestion}
        </p>
      )}
      {result.kind === 'error' && result.report.hint && (
        <p className={styles.hint}>
          <InlineCode text={result.report.hint} />
        </p>
      )}
      {result.kind === 'error' && editor && (
        <ErrorActions key={result.text} report={result.report} editor={editor} />
      )}
      {result.kind === 'error' && result.report.traceback && (
        <details className={styles.traceback}>
          <summary>Full error message</summary>
          <pre>{result.report.traceback}</pre>
        </details>
      )}
      {result.kind === 'fail' && result.expected !== undefined && (
        <OutputCompare expected={result.expected} actual={result.actual ?? ''} />
      )}
    </div>
  );
}
