/*
 * 'Try it' for a python example of the lesson text: opens the example in an editor in place, with
 * Run, Stop and the program's input. Nothing is saved: it is a scratch pad.
 */
import { lazy, Suspense, useId, useRef, useState } from 'react';
import type { LessonCodeBlock } from '#shared/api/lesson.schema.ts';
import { RUN_TIMEOUT_MS } from './friendly-errors.ts';
import { OutputPanel } from './output-panel.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useRuntime } from './runtime-context.tsx';
import styles from './runner.module.css';
import { useRunner } from './use-runner.ts';

const CodeEditor = lazy(() => import('./code-editor.tsx'));

export function TryIt({ block }: { block: LessonCodeBlock }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const runtime = useRuntime();
  return (
    <div className={styles.tryIt}>
      <Button
        size="sm"
        variant="quiet"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => {
          if (!open)
            void runtime()
              .preload()
              .catch(() => undefined);
          setOpen(!open);
        }}
      >
        {open ? 'Close editor' : 'Try it'}
      </Button>
      <div id={`${id}-panel`} hidden={!open}>
        {open && <TryItPanel block={block} id={id} />}
      </div>
    </div>
  );
}

function TryItPanel({ block, id }: { block: LessonCodeBlock; id: string }) {
  const code = useRef(block.code);
  const [stdin, setStdin] = useState(block.stdin ?? '');
  const runner = useRunner();
  const busy = runner.status !== 'idle';
  const run = () => {
    if (!busy) void runner.execute({ code: code.current, stdin, timeoutMs: RUN_TIMEOUT_MS });
  };
  return (
    <div className={styles.workbench}>
      <Suspense fallback={<pre className={styles.placeholder}>{block.code}</pre>}>
        <CodeEditor
          initialCode={block.code}
          label={`Example ${block.index + 1}, editable`}
          describedBy={`${id}-keys`}
          onChange={(next) => {
            code.current = next;
          }}
          onRun={run}
        />
      </Suspense>
      <p id={`${id}-keys`} className={styles.keys}>
        Ctrl+Enter runs the code. Press Escape, then Tab, to leave the editor.
      </p>
      <div className={styles.toolbar}>
        <Button size="sm" onClick={run} busy={busy}>
          Run
        </Button>
        <Button size="sm" variant="secondary" onClick={runner.stop} unavailable={!busy}>
          Stop
        </Button>
      </div>
      {(block.stdin !== undefined || /\binput\s*\(/.test(block.code)) && (
        <div className={styles.stdin}>
          <label htmlFor={`${id}-stdin`}>Program input</label>
          <textarea
            id={`${id}-stdin`}
            rows={2}
            value={stdin}
            onChange={(event) => setStdin(event.target.value)}
            spellCheck={false}
          />
        </div>
      )}
      <OutputPanel
        status={runner.status}
        output={runner.output}
        result={runner.result}
        label={`Output of example ${block.index + 1}`}
      />
    </div>
  );
}
