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
  /** `right` / `wrong` put a green or red band on the left edge (quiz review). */
  tone?: 'plain' | 'right' | 'wrong';
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
