import { createContext, useContext, useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageTitle } from '#shared/site.ts';

/** Said of the product when a page gives no description of its own. */
export const DEFAULT_DESCRIPTION =
  'Indent: learn Python from zero with clear lessons, runnable exercises and scored quizzes. One payment, a full year of access.';

/** What a page says about itself in the document head. */
export interface PageMeta {
  /** The full title, '{page} | Indent'. */
  title: string;
  description: string;
  /** The path of the page (its canonical URL is the public origin followed by it). */
  path: string;
  type: 'website' | 'article';
}

/**
 * Collects the shown page's meta while pages are pre-rendered (scripts/prerender.ts writes it into the
 * head). In the browser there is no collector and the head is updated after each navigation instead.
 */
export const HeadCollectorContext = createContext<{ record(meta: PageMeta): void } | null>(null);

/**
 * Sets the document title to '{page} | Indent', the meta description, canonical URL and Open Graph
 * tags while the page is shown.
 */
export function usePageTitle(
  page: string,
  description: string = DEFAULT_DESCRIPTION,
  type: PageMeta['type'] = 'website',
): void {
  const { pathname } = useLocation();
  const collector = useContext(HeadCollectorContext);
  const title = pageTitle(page);
  // Rendering on the build machine: record the meta for the static HTML (effects do not run there).
  collector?.record({ title, description, path: pathname, type });

  useEffect(() => {
    document.title = title;
    setHead('meta[name="description"]', 'content', description);
    setHead('meta[property="og:title"]', 'content', title);
    setHead('meta[property="og:description"]', 'content', description);
    setHead('meta[property="og:type"]', 'content', type);
    const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    // The pre-rendered head holds the public origin; keep it and change only the path.
    const origin = canonical ? new URL(canonical.href).origin : window.location.origin;
    const url = `${origin}${pathname === '/' ? '/' : pathname.replace(/\/+$/, '')}`;
    setHead('link[rel="canonical"]', 'href', url);
    setHead('meta[property="og:url"]', 'content', url);
  }, [title, description, pathname, type]);
}

/** Updates an element of the head that the pre-rendered page has; pages without it are left alone. */
function setHead(selector: string, attribute: string, value: string) {
  document.head.querySelector(selector)?.setAttribute(attribute, value);
}
