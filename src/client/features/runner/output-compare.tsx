/*
 * A failing Check's expected and actual output side by side (issue 35): the lines that differ are
 * barred at the left, the characters that differ underlined and marked, spaces that differ shown
 * as ␣, and one sentence above says what differs first. Nothing relies on colour alone.
 */
import { Fragment } from 'react';
import { InlineCode } from '#client/components/ui/inline-code.tsx';
import { diffOutput, type DiffLine, type Piece } from './output-diff.ts';
import styles from './feedback.module.css';
import runnerStyles from './runner.module.css';

const SPACE_SIGN = '␣';

type Side = 'expected' | 'actual';

/** One side's text of a line, as pieces, or undefined when the line is not on this side. */
function sidePieces(line: DiffLine, side: Side): Piece[] | undefined {
  switch (line.kind) {
    case 'same':
      return [{ text: line.text, changed: false }];
    case 'changed':
      return line[side];
    case 'missing':
      return side === 'expected' ? [{ text: line.text, changed: true }] : undefined;
    case 'extra':
      return side === 'actual' ? [{ text: line.text, changed: true }] : undefined;
  }
}

function Marked({ piece }: { piece: Piece }) {
  if (!piece.changed) return <>{piece.text}</>;
  const spaces = /^ +$/.test(piece.text);
  return (
    <mark className={styles.diffMark} data-diff="changed">
      {spaces ? SPACE_SIGN.repeat(piece.text.length) : piece.text}
    </mark>
  );
}

function Pane({ title, lines, side }: { title: string; lines: DiffLine[]; side: Side }) {
  return (
    <div>
      <p className={runnerStyles.compareTitle}>{title}</p>
      <pre className={styles.diffPane}>
        {lines.map((line, i) => {
          const pieces = sidePieces(line, side);
          if (!pieces) return null;
          const differs = line.kind !== 'same';
          return (
            <Fragment key={i}>
              <span
                className={differs ? styles.diffLine : undefined}
                data-diff-line={differs ? line.kind : undefined}
              >
                {pieces.map((piece, k) => (
                  <Marked key={k} piece={piece} />
                ))}
                {/* An empty line that differs still shows its bar. */}
                {pieces.length === 0 || pieces.every((p) => p.text === '') ? ' ' : null}
              </span>
              {'\n'}
            </Fragment>
          );
        })}
      </pre>
    </div>
  );
}

export function OutputCompare({ expected, actual }: { expected: string; actual: string }) {
  const diff = diffOutput(expected, actual);
  const spaces = diff.lines.some(
    (line) =>
      line.kind === 'changed' &&
      [...line.expected, ...line.actual].some((p) => p.changed && /^ +$/.test(p.text)),
  );
  return (
    <div className={styles.diff}>
      {actual !== '' && (
        <p className={styles.diffSentence} data-testid="diff-sentence">
          <InlineCode text={diff.sentence} />
        </p>
      )}
      <div className={runnerStyles.compare}>
        <Pane title="Expected output" lines={diff.lines} side="expected" />
        {actual === '' ? (
          <div>
            <p className={runnerStyles.compareTitle}>Your output</p>
            <pre className={styles.diffPane}>(nothing)</pre>
          </div>
        ) : (
          <Pane title="Your output" lines={diff.lines} side="actual" />
        )}
      </div>
      <p className={styles.diffKey}>
        Differences are underlined, and their lines barred at the left
        {spaces ? `; ${SPACE_SIGN} stands for a space` : ''}.
      </p>
    </div>
  );
}
