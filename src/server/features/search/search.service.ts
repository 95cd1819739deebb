import type { SearchReply, SearchResult } from '#shared/api/search.schema.ts';
import { badRequest } from '../../platform/errors.ts';
import { MARK_END, MARK_START, type SearchRepo } from './search.repo.ts';

export const SEARCH_LIMIT = 20;

const escapeHtml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Escapes the snippet, then turns the engine's match markers into <mark>: the only tags it has. */
export function snippetHtml(snippet: string): string {
  return escapeHtml(snippet).replaceAll(MARK_START, '<mark>').replaceAll(MARK_END, '</mark>');
}

/** The query's words (letters, digits, underscores), at most 8: the rest is punctuation to both engines. */
export function queryWords(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).slice(0, 8);
}

export function createSearchService(deps: { repo: SearchRepo }) {
  return {
    async search(query: string): Promise<SearchReply> {
      const words = queryWords(query);
      if (words.length === 0) {
        throw badRequest('Search for a word, such as "dictionary".', 'empty_query');
      }
      const hits = await deps.repo.search(words, SEARCH_LIMIT);
      const results: SearchResult[] = hits.map((hit) => ({
        kind: hit.kind,
        title: hit.title,
        label: hit.label,
        moduleNumber: hit.moduleNumber,
        href: hit.href,
        snippetHtml: snippetHtml(hit.snippet),
      }));
      return { query, results };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
