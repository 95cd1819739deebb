import { Page } from '#client/components/ui/page.tsx';
import { Prose } from '#client/components/ui/prose.tsx';
import { usePageTitle } from '#client/lib/page-title.ts';
import styles from './legal-document.module.css';

interface LegalText {
  title: string;
  /** YYYY-MM-DD */
  updated: string;
  html: string;
}

/** 'February 10, 2024', the same on the build machine and in every browser (no time zone involved). */
export function formatUpdated(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  const date = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(date);
}

export function LegalDocument({ text, description }: { text: LegalText; description: string }) {
  usePageTitle(text.title, description);
  return (
    <Page>
      <article>
        <header className={styles.header}>
          <h1>{text.title}</h1>
          <p className={styles.updated}>
            Last updated: <time dateTime={text.updated}>{formatUpdated(text.updated)}</time>
          </p>
        </header>
        <Prose html={text.html} />
      </article>
    </Page>
  );
}
