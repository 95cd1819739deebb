/*
 * 'Try it' for a python example of the lesson text: opens the example in an editor in place, with
 * Run, Stop and the program's input. Nothing is saved: it is a scratch pad.
 */
import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import type { LessonCodeBlock } from '#shared/api/lesson.schema.ts';
import { RUN_TIMEOUT_MS } from './friendly-errors.ts';
import type { EditorHandle } from './code-editor.tsx';
import { EditorKeys } from './editor-keys.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useRuntime } from './runtime-context.tsx';
import styles from './runner.module.css';
import { useErrorMark } from './use-error-mark.ts';
import { useRunner } from './use-runner.ts';
import { RunOutput } from './workbench-parts.tsx';

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
  const editor = useRef<EditorHandle | null>(null);
  // Empty: input() is answered in the console while the example runs.
  const [stdin, setStdin] = useState('');
  const runner = useRunner();
  const busy = runner.status !== 'idle';
  const run = (trace = false) => {
    if (busy) return;
    editor.current?.markLine(null);
    void runner.execute({ code: code.current, stdin, timeoutMs: RUN_TIMEOUT_MS }, undefined, {
      interactive: stdin === '',
      trace,
    });
  };
  const markStep = useCallback((line: number | null) => editor.current?.markLine(line, 'step'), []);
  useErrorMark(editor, runner.result);
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
          onRun={() => run()}
          handleRef={(handle) => {
            editor.current = handle;
          }}
        />
      </Suspense>
      <EditorKeys id={`${id}-keys`} tabIndents={false} />
      <div className={styles.toolbar}>
        <Button size="sm" onClick={() => run()} busy={busy}>
          Run
        </Button>
        <Button size="sm" variant="secondary" onClick={() => run(true)} busy={busy}>
          Step through
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={runner.stop}
          unavailable={!busy && !runner.animating}
        >
          Stop
        </Button>
      </div>
      {(block.stdin !== undefined || /\binput\s*\(/.test(block.code)) && (
        <details className={styles.stdin}>
          <summary>Give the program&rsquo;s input in advance (optional)</summary>
          <label htmlFor={`${id}-stdin`}>Program input</label>
          <textarea
            id={`${id}-stdin`}
            rows={2}
            value={stdin}
            placeholder={block.stdin}
            onChange={(event) => setStdin(event.target.value)}
            spellCheck={false}
          />
        </details>
      )}
      <RunOutput
        runner={runner}
        label={`Output of example ${block.index + 1}`}
        onStep={markStep}
        editor={editor}
      />
    </div>
  );
}
