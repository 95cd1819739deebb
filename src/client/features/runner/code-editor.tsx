/*
 * CodeMirror 6 for Python. Loaded lazily (React.lazy) so it is only downloaded on lesson pages.
 * Tab indents; Escape then Tab moves focus on (CodeMirror's own tab-focus escape), so keyboard users
 * are never trapped. Ctrl/Cmd+Enter runs the program.
 */
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { python } from '@codemirror/lang-python';
import {
  bracketMatching,
  defaultHighlightStyle,
  indentOnInput,
  indentUnit,
  syntaxHighlighting,
} from '@codemirror/language';
import { EditorState, Prec } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { useEffect, useLayoutEffect, useRef } from 'react';
import styles from './code-editor.module.css';

export interface EditorHandle {
  setCode(code: string): void;
  focus(): void;
}

export interface CodeEditorProps {
  initialCode: string;
  /** The accessible name, e.g. "Code for Exercise 1: First words". */
  label: string;
  /** Id of an element that describes the keys (Ctrl+Enter, Escape then Tab). */
  describedBy?: string;
  onChange: (code: string) => void;
  onRun: () => void;
  onFocus?: () => void;
  handleRef?: (handle: EditorHandle | null) => void;
}

export default function CodeEditor(props: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  // The editor is created once; the latest callbacks are read through this ref.
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    const parent = host.current;
    if (!parent) return;
    const { initialCode, label, describedBy } = latest.current;
    const view = new EditorView({
      parent,
      state: EditorState.create({
        doc: initialCode,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          indentUnit.of('    '),
          EditorState.tabSize.of(4),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          python(),
          Prec.highest(
            keymap.of([
              {
                key: 'Mod-Enter',
                run: () => {
                  latest.current.onRun();
                  return true;
                },
              },
            ]),
          ),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          // Long lines wrap instead of scrolling sideways: on a phone the editor stays as wide as
          // the column, and there is no scrolled-away code a keyboard user cannot reach.
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({
            'aria-label': label,
            ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
            if (update.focusChanged && update.view.hasFocus) latest.current.onFocus?.();
          }),
        ],
      }),
    });
    latest.current.handleRef?.({
      setCode(code) {
        view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: code } });
      },
      focus() {
        view.focus();
      },
    });
    return () => {
      latest.current.handleRef?.(null);
      view.destroy();
    };
  }, []);

  return <div ref={host} className={styles.editor} />;
}
