/*
 * CodeMirror 6 for Python. Loaded lazily (React.lazy) so it is only downloaded on lesson pages.
 * Tab indents; Escape then Tab moves focus on (CodeMirror's own tab-focus escape), so keyboard users
 * are never trapped. Ctrl/Cmd+Enter runs the program.
 */
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { python } from '@codemirror/lang-python';
import { bracketMatching, indentOnInput, indentUnit } from '@codemirror/language';
import { EditorState, Prec, StateEffect, StateField } from '@codemirror/state';
import {
  Decoration,
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
  type DecorationSet,
} from '@codemirror/view';
import { useEffect, useLayoutEffect, useRef } from 'react';
import styles from './code-editor.module.css';
import { editorTheme } from './editor-theme.ts';

export interface EditorHandle {
  setCode(code: string): void;
  getCode(): string;
  focus(): void;
  /**
   * Highlights one line (an error's line, or the step shown by Step through) and scrolls it into
   * view; null removes it. An error's mark goes when the code is edited.
   */
  markLine(line: number | null, kind?: LineMark['kind'], columns?: Columns): void;
  /** Moves the focus into the editor with the given columns of a line selected (an error's spot). */
  select(line: number, columns: Columns): void;
}

/** Columns of a line, 0-based, `to` exclusive. */
interface Columns {
  from: number;
  to: number;
}

interface LineMark {
  line: number;
  kind: 'error' | 'step';
  /** The exact place on the line (a syntax error's spot), underlined as well. */
  columns?: Columns | undefined;
}

/** A line's columns as positions in the document, kept inside the line. */
function columnRange(doc: EditorState['doc'], line: number, columns: Columns) {
  const { from, to } = doc.line(line);
  const start = Math.min(from + columns.from, to);
  return { from: start, to: Math.min(Math.max(from + columns.to, start), to) };
}

const spotMark = Decoration.mark({
  class: 'cm-indent-error-spot',
  attributes: { 'data-mark': 'spot' },
});

const setMark = StateEffect.define<LineMark | null>();

/** The marked line, kept as a decoration that follows edits (or goes, for an error). */
const markField = StateField.define<{ mark: LineMark | null; decorations: DecorationSet }>({
  create: () => ({ mark: null, decorations: Decoration.none }),
  update(value, tr) {
    let mark = value.mark;
    for (const effect of tr.effects) if (effect.is(setMark)) mark = effect.value;
    if (tr.docChanged && mark?.kind === 'error') mark = null;
    if (mark === value.mark && !tr.docChanged) return value;
    if (!mark || mark.line < 1 || mark.line > tr.state.doc.lines) {
      return { mark: null, decorations: Decoration.none };
    }
    const from = tr.state.doc.line(mark.line).from;
    const decoration = Decoration.line({
      class: mark.kind === 'error' ? 'cm-indent-error-line' : 'cm-indent-step-line',
      attributes: { 'data-mark': mark.kind },
    });
    const spot = mark.columns && columnRange(tr.state.doc, mark.line, mark.columns);
    // An empty range (a spot at the line's end) cannot carry a mark: the line's own mark stays.
    const marks = spot && spot.to > spot.from ? [spotMark.range(spot.from, spot.to)] : [];
    return { mark, decorations: Decoration.set([decoration.range(from), ...marks]) };
  },
  provide: (field) => EditorView.decorations.from(field, (value) => value.decorations),
});

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

/** What the workbench may do to an editor: replace its code, focus it, mark a line. */
function editorHandle(view: EditorView): EditorHandle {
  return {
    setCode(code) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: code } });
    },
    getCode() {
      return view.state.doc.toString();
    },
    focus() {
      view.focus();
    },
    select(line, columns) {
      if (line < 1 || line > view.state.doc.lines) return;
      const { from, to } = columnRange(view.state.doc, line, columns);
      view.dispatch({ selection: { anchor: from, head: to }, scrollIntoView: true });
      view.focus();
    },
    markLine(line, kind = 'error', columns) {
      const valid = line !== null && line >= 1 && line <= view.state.doc.lines;
      const mark = valid ? { line, kind, columns } : null;
      const at = mark ? view.state.doc.line(mark.line).from : 0;
      view.dispatch({
        effects: mark
          ? [setMark.of(mark), EditorView.scrollIntoView(at, { y: 'nearest' })]
          : [setMark.of(null)],
      });
      // The editor itself may be off screen (a long lesson page): bring the line into the page.
      if (mark) {
        const { node } = view.domAtPos(at);
        const element = node instanceof Element ? node : node.parentElement;
        const lineElement = element?.closest('.cm-line');
        // (jsdom, in component tests, has no scrollIntoView.)
        if (lineElement && 'scrollIntoView' in lineElement) {
          lineElement.scrollIntoView({ block: 'nearest' });
        }
      }
    },
  };
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
          editorTheme,
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
          markField,
          EditorView.contentAttributes.of({
            // Phones: code is not prose, so no capitals, corrections or spelling underlines.
            autocapitalize: 'off',
            autocorrect: 'off',
            spellcheck: 'false',
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
    latest.current.handleRef?.(editorHandle(view));
    return () => {
      latest.current.handleRef?.(null);
      view.destroy();
    };
  }, []);

  return <div ref={host} className={styles.editor} />;
}
