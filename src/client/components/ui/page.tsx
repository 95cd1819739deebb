import type { ReactNode } from 'react';
import styles from './page.module.css';

/** A page's main column. */
export function Page({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return <main className={wide ? styles.wide : styles.page}>{children}</main>;
}
