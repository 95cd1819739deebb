/*
 * The editor's colours come from the design tokens (tokens.css), so the editor follows the light and
 * dark themes through CSS alone (decision 0018): a theme switch needs no editor reconfiguration, and
 * every colour is held to AA by tokens.test.ts. CodeMirror's default style has light colours only.
 */
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';

const highlightStyle = HighlightStyle.define([
  {
    tag: [tags.keyword, tags.controlKeyword, tags.definitionKeyword, tags.moduleKeyword],
    color: 'var(--syntax-keyword)',
  },
  { tag: [tags.operatorKeyword, tags.self], color: 'var(--syntax-keyword)' },
  {
    tag: [tags.string, tags.special(tags.string), tags.regexp, tags.escape],
    color: 'var(--syntax-string)',
  },
  { tag: [tags.number, tags.integer, tags.float], color: 'var(--syntax-number)' },
  { tag: [tags.bool, tags.null, tags.atom], color: 'var(--syntax-atom)' },
  { tag: tags.comment, color: 'var(--syntax-comment)', fontStyle: 'italic' },
  {
    tag: [tags.function(tags.variableName), tags.function(tags.definition(tags.variableName))],
    color: 'var(--syntax-function)',
  },
  {
    tag: [tags.className, tags.definition(tags.className), tags.typeName],
    color: 'var(--syntax-class)',
  },
  { tag: tags.invalid, color: 'var(--color-danger)' },
]);

const editorColours = EditorView.theme({
  '&': { color: 'var(--color-ink)', backgroundColor: 'var(--color-surface)' },
  '.cm-content': { caretColor: 'var(--color-ink)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--color-ink)' },
  '.cm-activeLine': { backgroundColor: 'var(--color-surface-2)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--editor-selection)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection':
    { backgroundColor: 'var(--editor-selection)' },
  '.cm-matchingBracket, &.cm-focused .cm-matchingBracket': {
    backgroundColor: 'var(--editor-selection)',
    outline: '1px solid var(--color-muted)',
  },
});

/** The highlighting and colours of the lesson editor, in both themes. */
export const editorTheme = [syntaxHighlighting(highlightStyle), editorColours];
