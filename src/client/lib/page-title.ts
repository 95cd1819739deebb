import { useEffect } from 'react';
import { pageTitle } from '#shared/site.ts';

/** Sets the document title to '{page} | Indent' while the page is shown. */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
