import type { RunnerResult } from './run-results.ts';
import type { RunnerStatus } from './use-runner.ts';
import type { OutputChunk } from './worker-protocol.ts';
import styles from './runner.module.css';

/** Text read out by screen readers when a run ends: the result, then what was printed. */
function announcement(result: RunnerResult | undefined, output: OutputChunk[]): string {
  if (!result) return '';
  const printed = output
    .filter((c) => c.stream === 'stdout')
    .map((c) => c.text)
    .join('')
    .trim();
  const shown = printed.length > 300 ? `${printed.slice(0, 300)}...` : printed;
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
  return (
    <div className={styles.outputArea}>
      {status === 'loading' && (
        <p className={styles.status}>Loading Python (only the first run takes a moment)...</p>
      )}
      {status === 'running' && <p className={styles.status}>Running...</p>}
      {(hasOutput || result) && (
        <pre className={styles.output} aria-label={props.label} tabIndex={0}>
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
