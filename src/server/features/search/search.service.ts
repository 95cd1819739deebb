import type { SearchReply, SearchResult } from '#shared/api/search.schema.ts';
import { escapeHtml } from '#shared/html.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Introduction } from './search.documents.ts';
import { MARK_END, MARK_START, type SearchRepo } from './search.repo.ts';

export const SEARCH_LIMIT = 20;

/** Escapes the snippet, then turns the engine's match markers into <mark>: the only tags it has. */
export function snippetHtml(snippet: string): string {
  return escapeHtml(snippet).replaceAll(MARK_START, '<mark>').replaceAll(MARK_END, '</mark>');
}

/** The query's words (letters, digits, underscores), at most 8: the rest is punctuation to both engines. */
export function queryWords(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).slice(0, 8);
}

/** Distinct queries whose results are kept; the course is small and learners ask alike. */
const CACHE_SIZE = 500;

export function createSearchService(deps: {
  repo: SearchRepo;
  /** Each way of typing a glossary term, to where it is introduced (search.documents.ts). */
  introductions?: ReadonlyMap<string, Introduction>;
}) {
  // The index changes only at start-up and results depend on nobody's account, so a query's
  // results are kept until the server restarts (least recently asked dropped first). Ranking and
  // snippets cost about a millisecond of engine time; a repeated query costs a map look-up.
  const cache = new Map<string, Promise<SearchResult[]>>();

  async function resultsFor(words: readonly string[]): Promise<SearchResult[]> {
    const hits = await deps.repo.search(
      words,
      SEARCH_LIMIT,
      deps.introductions?.get(words.join(' ')),
    );
    return hits.map((hit) => ({
      kind: hit.kind,
      title: hit.title,
      label: hit.label,
      moduleNumber: hit.moduleNumber,
      href: hit.href,
      snippetHtml: snippetHtml(hit.snippet),
    }));
  }

  return {
    async search(query: string): Promise<SearchReply> {
      const words = queryWords(query);
      if (words.length === 0) {
        throw badRequest('Search for a word, such as "dictionary".', 'empty_query');
      }
      const key = words.join(' ');
      let results = cache.get(key);
      if (results) {
        cache.delete(key);
      } else {
        results = resultsFor(words);
        // A failed search is not kept: the next request asks the engine again.
        results.catch(() => cache.delete(key));
        if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
      }
      cache.set(key, results);
      return { query, results: await results };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
