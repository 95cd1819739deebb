import { useEffect, useState } from 'react';
import { countdownParts, msUntilEndOfDay } from '#shared/countdown.ts';
import styles from './pricing-page.module.css';

/** SPEC 4: the countdown ticks every 1000 ms. */
const TICK_MS = 1000;

/**
 * 'Limited-Time Offer - Save Over 50% Today!' with HH:MM:SS left in the visitor's local day. The time
 * is read afresh on every tick, so it never drifts and starts again from 23:59:59 after midnight.
 * The pre-rendered page shows '--:--:--' (the build machine does not know the visitor's clock).
 */
export function CountdownBanner() {
  const [left, setLeft] = useState<number | null>(null);

  useEffect(() => {
    const update = () => setLeft(msUntilEndOfDay(new Date()));
    update();
    const timer = window.setInterval(update, TICK_MS);
    return () => window.clearInterval(timer);
  }, []);

  const parts = left === null ? null : countdownParts(left);
  return (
    <aside className={styles.banner} aria-label="Offer">
      <p className={styles.bannerText}>Limited-Time Offer - Save Over 50% Today!</p>
      {/* role=timer is not announced on every tick; the label gives the whole value on demand. */}
      <p
        className={styles.clock}
        role="timer"
        aria-label={
          parts
            ? `${Number(parts.hours)} hours, ${Number(parts.minutes)} minutes and ${Number(parts.seconds)} seconds left today`
            : 'Time left today'
        }
      >
        <span data-testid="countdown">
          {parts ? `${parts.hours}:${parts.minutes}:${parts.seconds}` : '--:--:--'}
        </span>
      </p>
    </aside>
  );
}
