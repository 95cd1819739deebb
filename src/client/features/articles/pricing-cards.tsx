import { Link } from 'react-router';
import { site } from '#shared/site.ts';
import styles from './articles.module.css';

const cards = [
  {
    title: 'Learn Python from zero',
    text: '15 modules written for adults who have never programmed, from your first print() to algorithms.',
  },
  {
    title: 'Practise as you read',
    text: 'Hands-on exercises that run in your browser, each with hints and a solution to compare against.',
  },
  {
    title: 'Check what stuck',
    text: 'A scored quiz after every module, with an explanation for each answer.',
  },
] as const;

/** Cards under each article that lead to /pricing (SPEC 2). */
export function PricingCards() {
  return (
    <aside className={styles.offer} aria-labelledby="offer-heading">
      <h2 id="offer-heading">Ready to start? {site.planName}</h2>
      <ul className={styles.offerCards}>
        {cards.map((card) => (
          <li key={card.title}>
            <Link className={styles.card} to="/pricing">
              <h3>{card.title}</h3>
              <p>{card.text}</p>
              <span className={styles.more}>See pricing</span>
            </Link>
          </li>
        ))}
      </ul>
    </aside>
  );
}
