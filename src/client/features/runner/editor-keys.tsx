import styles from './runner.module.css';

/**
 * The note under an editor on the keys that work in it (the editor's description for a screen
 * reader). A phone or tablet without a keyboard has none of those keys, so a touch screen reads a
 * note of its own instead (issue 35); CSS picks which, so the page drawn on the server matches.
 */
export function EditorKeys({ id, tabIndents }: { id: string; tabIndents: boolean }) {
  return (
    <p id={id} className={styles.keys}>
      <span className={styles.keysKeyboard}>
        Ctrl+Enter (Cmd+Enter on a Mac) runs the code.
        {tabIndents
          ? ' Tab indents; press Escape, then Tab, to leave the editor.'
          : ' Press Escape, then Tab, to leave the editor.'}
      </span>
      <span className={styles.keysTouch}>Tap the code to edit it, then tap Run.</span>
    </p>
  );
}
