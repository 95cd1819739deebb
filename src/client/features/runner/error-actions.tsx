/*
 * Issue 35: what the learner can do about a syntax error from the output panel: go to its exact
 * place in the editor (selected, so a screen reader reads it out), and replace curly quotes with
 * straight ones in one click.
 */
import { useState, type RefObject } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import type { EditorHandle } from './code-editor.tsx';
import { straightenQuotes } from './error-pointer.ts';
import type { ErrorReport } from './friendly-errors.ts';
import styles from './feedback.module.css';

export function ErrorActions(props: {
  report: ErrorReport;
  editor: RefObject<EditorHandle | null>;
}) {
  const { report, editor } = props;
  const [fixed, setFixed] = useState(false);
  const spot = report.spot;
  if (!spot) return null;
  return (
    <div className={styles.errorActions}>
      <Button size="sm" variant="secondary" onClick={() => editor.current?.select(spot.line, spot)}>
        Show in the code
      </Button>
      {report.fix === 'curly-quotes' &&
        (fixed ? (
          <p className={styles.hint} role="status">
            Curly quotes replaced with straight ones: press Run to try again.
          </p>
        ) : (
          <Button
            size="sm"
            onClick={() => {
              const code = editor.current?.getCode();
              if (code === undefined) return;
              editor.current?.setCode(straightenQuotes(code));
              setFixed(true);
            }}
          >
            Replace curly quotes
          </Button>
        ))}
    </div>
  );
}
