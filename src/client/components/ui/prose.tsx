import styles from './prose.module.css';

/**
 * HTML made at build time from our own Markdown files (scripts/vite-plugin-public-content.ts). It never
 * holds user input, which is why setting it directly is safe.
 */
export function Prose({ html }: { html: string }) {
  return <div className={styles.prose} dangerouslySetInnerHTML={{ __html: html }} />;
}
