import type { ReactNode } from 'react';
import styles from './card-page.module.css';

/**
 * A page that is one centred card on a tinted backdrop: sign-in, the demo checkout, the payment
 * result and the account details.
 */
export function CardPage(props: {
  /** The id of the card's heading, which names the card. */
  labelledBy: string;
  /** `narrow` for a card that holds little more than one button (sign-in). */
  width?: 'narrow' | 'normal';
  children: ReactNode;
  /** Cards of their own below this one, on the same backdrop (the account page's "Your data"). */
  after?: ReactNode;
}) {
  return (
    <CardBackdrop>
      <section
        className={props.width === 'narrow' ? `${styles.card} ${styles.narrow}` : styles.card}
        aria-labelledby={props.labelledBy}
      >
        {props.children}
      </section>
      {props.after}
    </CardBackdrop>
  );
}

/** The backdrop alone, for what stands in for the card while it loads. */
export function CardBackdrop({ children }: { children: ReactNode }) {
  return <main className={styles.page}>{children}</main>;
}
