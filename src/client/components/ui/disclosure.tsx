import { useId, type ReactNode } from 'react';
import styles from './disclosure.module.css';

/**
 * One card of a list of modules that open and close: a heading whose button shows and hides the
 * panel under it (the WAI-ARIA disclosure pattern). Used by the home page's curriculum breakdown,
 * the pricing page's curriculum overview and the dashboard, so the three behave and look alike.
 * The caller decides which items are open (one at a time, or each on its own).
 */
export function DisclosureItem(props: {
  /** The level that fits the page's outline. */
  headingLevel: 2 | 3;
  expanded: boolean;
  onToggle(): void;
  /** The button's text; the chevron is added after it. */
  summary: ReactNode;
  /** Shown under the heading, open or closed (the dashboard's progress line). */
  status?: ReactNode;
  /** The panel. */
  children: ReactNode;
  /** `large` for a page whose main content is the list (the dashboard). */
  size?: 'normal' | 'large';
}) {
  const panelId = useId();
  const Heading = props.headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className={props.size === 'large' ? `${styles.item} ${styles.large}` : styles.item}>
      <Heading className={styles.heading}>
        <button
          type="button"
          className={styles.button}
          aria-expanded={props.expanded}
          aria-controls={panelId}
          onClick={props.onToggle}
        >
          {props.summary}
          <span className={styles.chevron} aria-hidden="true" />
        </button>
      </Heading>
      {props.status}
      <div id={panelId} className={styles.panel} hidden={!props.expanded}>
        {props.children}
      </div>
    </li>
  );
}
