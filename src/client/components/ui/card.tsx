import type { HTMLAttributes } from 'react';
import styles from './card.module.css';

/**
 * A bordered panel on the page surface: one exercise, one answer review, one checkpoint. `as`
 * picks the element so a card can be the `article`, `li` or `section` the content calls for.
 */
export function Card({
  as: Element = 'div',
  tone = 'plain',
  className,
  ...rest
}: HTMLAttributes<HTMLElement> & {
  as?: 'div' | 'article' | 'section' | 'li';
  /**
   * A band on the left edge: `accent` marks a task (an exercise), `right` / `wrong` a verdict (quiz
   * review). Part of the card, so a page's own class never has to fight it for the border.
   */
  tone?: 'plain' | 'accent' | 'right' | 'wrong';
}) {
  return (
    <Element
      className={[styles.card, tone === 'plain' ? '' : styles[tone], className ?? '']
        .filter(Boolean)
        .join(' ')}
      {...rest}
    />
  );
}
