import { useEffect, useRef } from 'react';
import type { RunnerResult } from './run-results.ts';
import type { RunnerStatus } from './use-runner.ts';
import type { OutputChunk } from './worker-protocol.ts';
import styles from './runner.module.css';

/** Long text is cut for reading out; the panel itself shows all of it. */
const spoken = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}...` : text);

/**
 * Text read out by screen readers when a run ends: the result, then what was printed. A failed
 * Check also says what was expected (issue 26): 'Not yet' alone does not tell what to change.
 */
export function announcement(result: RunnerResult | undefined, output: OutputChunk[]): string {
  if (!result) return '';
  if (result.kind === 'fail' && result.expected !== undefined) {
    const expected = spoken(result.expected.trim()) || 'nothing';
    const actual = spoken((result.actual ?? '').trim()) || 'nothing';
    return `${result.text} Expected output: ${expected}. Your output: ${actual}.`;
  }
  const printed = output
    .filter((c) => c.stream === 'stdout')
    .map((c) => c.text)
    .join('')
    .trim();
  const shown = spoken(printed);
  const hint = result.kind === 'error' && result.report.hint ? ` ${result.report.hint}` : '';
  return `${result.text}${hint}${shown ? ` Output: ${shown}` : ''}`;
}

export function OutputPanel(props: {
  status: RunnerStatus;
  output: OutputChunk[];
  result: RunnerResult | undefined;
  label: string;
}) {
  const { status, output, result } = props;
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
    <div className={styles.outputArea} ref={area}>
      {status === 'loading' && (
        <p className={styles.status}>Loading Python (only the first run takes a moment)...</p>
      )}
      {status === 'running' && <p className={styles.status}>Running...</p>}
      {(hasOutput || result) && (
        // A tab stop only while it scrolls (lib/scroll-tab-stops.ts); a named group meanwhile.
        <pre className={styles.output} role="group" aria-label={props.label}>
          {hasOutput
            ? output.map((chunk, i) => (
                <span key={i} className={chunk.stream === 'stderr' ? styles.stderr : undefined}>
                  {chunk.text}
                </span>
              ))
            : '(no output)'}
        </pre>
      )}
      {result && <ResultView result={result} />}
      {/* Announces each result once; the output stream itself is not read out as it arrives. */}
      <p className={styles.visuallyHidden} aria-live="polite" aria-atomic="true">
        {announcement(result, output)}
      </p>
    </div>
  );
}

function ResultView({ result }: { result: RunnerResult }) {
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
      {result.kind === 'error' && result.report.hint && (
        <p className={styles.hint}>{result.report.hint}</p>
      )}
      {result.kind === 'error' && result.report.traceback && (
        <details className={styles.traceback}>
          <summary>Full error message</summary>
          <pre>{result.report.traceback}</pre>
        </details>
      )}
      {result.kind === 'fail' && result.expected !== undefined && (
        <div className={styles.compare}>
          <div>
            <p className={styles.compareTitle}>Expected output</p>
            <pre>{result.expected || '(nothing)'}</pre>
          </div>
          <div>
            <p className={styles.compareTitle}>Your output</p>
            <pre>{result.actual || '(nothing)'}</pre>
          </div>
        </div>
      )}
    </div>
  );
}
