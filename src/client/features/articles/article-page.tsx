import { useParams } from 'react-router';
import { articles } from 'virtual:public-content/articles';
import { Page } from '#client/components/ui/page.tsx';
import { Prose } from '#client/components/ui/prose.tsx';
import { usePageTitle } from '#client/lib/page-title.ts';
import { NotFoundPage } from '#client/features/not-found/not-found-page.tsx';
import { PricingCards } from './pricing-cards.tsx';
import styles from './articles.module.css';

export function ArticlePage() {
  const { slug } = useParams();
  const article = articles.find((a) => a.slug === slug);
  // The server answers unknown slugs with status 404 and this same not-found page.
  if (!article) return <NotFoundPage />;
  return <Article article={article} />;
}

function Article({ article }: { article: (typeof articles)[number] }) {
  usePageTitle(article.title, article.description, 'article');
  return (
    <Page>
      <article>
        <header className={styles.articleHeader}>
          <h1>{article.title}</h1>
          <p>{article.description}</p>
        </header>
        <Prose html={article.html} />
      </article>
      <PricingCards />
    </Page>
  );
}
