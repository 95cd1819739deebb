import { Link } from 'react-router';
import { articles } from 'virtual:public-content/article-list';
import { Page } from '#client/components/ui/page.tsx';
import { usePageTitle } from '#client/lib/page-title.ts';
import { PricingCards } from './pricing-cards.tsx';
import styles from './articles.module.css';

export function ArticlesPage() {
  usePageTitle(
    'Programming Articles',
    'Honest, practical articles for adults thinking about learning to code, and about why Python is a good first language.',
  );
  return (
    <Page>
      <h1>Programming Articles</h1>
      <p className={styles.lead}>
        Straight answers for adults wondering whether, and how, to start programming.
      </p>
      <ul className={styles.list}>
        {articles.map((article) => (
          <li key={article.slug}>
            <Link className={styles.card} to={`/article/${article.slug}`}>
              <h2>{article.title}</h2>
              <p>{article.description}</p>
              <span className={styles.more}>Read the article</span>
            </Link>
          </li>
        ))}
      </ul>
      <PricingCards />
    </Page>
  );
}
