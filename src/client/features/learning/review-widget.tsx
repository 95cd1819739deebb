import { ButtonLink } from '#client/components/ui/button.tsx';
import { shortDateTime, useReviewQueue } from './learning-api.ts';
import styles from './learning.module.css';

/** The dashboard's "Review: N questions due" box (nothing while it loads or if it fails). */
export function ReviewWidget() {
  const queue = useReviewQueue();
  if (!queue.data) return null;
  const { dueCount, nextDueAt, queued } = queue.data;
  return (
    <section className={styles.widget} aria-labelledby="review-widget-title">
      <h2 id="review-widget-title" className={styles.widgetTitle}>
        Review: {dueCount} {dueCount === 1 ? 'question' : 'questions'} due
      </h2>
      {dueCount > 0 ? (
        <ButtonLink to="/dashboard/review">Start review</ButtonLink>
      ) : (
        <p className={styles.muted}>
          {nextDueAt
            ? `The next ${queued === 1 ? 'one is' : 'ones are'} due ${shortDateTime(nextDueAt)}.`
            : 'Questions you miss in a quiz come back here a day later.'}
        </p>
      )}
    </section>
  );
}
