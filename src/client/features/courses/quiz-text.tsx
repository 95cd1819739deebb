import type { Ref } from 'react';
import { inlineCodeNodes } from '#client/components/ui/inline-code.tsx';
import styles from './quiz-page.module.css';

/** SPEC 2: the literal two characters backslash-n in a question are shown as a line break too. */
const withBreaks = (text: string) => text.replace(/\\n/g, '\n');

/**
 * A question is its text, then (after the first blank line) the program it asks about. The text is
 * prose with `inline code`; the program is shown as written, preformatted.
 */
export function QuestionText({
  text,
  id,
  ref,
}: {
  text: string;
  id?: string;
  ref?: Ref<HTMLDivElement>;
}) {
  const full = withBreaks(text);
  const gap = full.indexOf('\n\n');
  const prose = gap === -1 ? full : full.slice(0, gap);
  const program = gap === -1 ? '' : full.slice(gap + 2);
  return (
    <div id={id} className={styles.question} ref={ref} tabIndex={-1}>
      <p className={styles.questionProse}>{inlineCodeNodes(prose)}</p>
      {program ? <pre className={styles.program}>{program}</pre> : null}
    </div>
  );
}

/**
 * An answer with `backticks` is prose with code in it; one without (the printed text of an output
 * question) is shown as the program would print it, in the code font.
 */
export function AnswerText({ text, prose }: { text: string; prose: boolean }) {
  return prose ? <>{inlineCodeNodes(text)}</> : <span className={styles.printed}>{text}</span>;
}
