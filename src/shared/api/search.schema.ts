import { z } from 'zod';

/** Course search (issue 20): lessons (by section), exercises and the glossary; subscribers only. */

export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(2, 'must be at least 2 characters')
    .max(100, 'must be at most 100 characters'),
});

export const searchKindSchema = z.enum(['lesson', 'exercise', 'glossary']);
export type SearchKind = z.infer<typeof searchKindSchema>;

export const searchResultSchema = z.object({
  kind: searchKindSchema,
  /** The section heading, exercise title or glossary term. */
  title: z.string(),
  /** Where it is, e.g. 'Module 5: Data Collections'. */
  label: z.string(),
  moduleNumber: z.number().int().min(1),
  /** The page and anchor, e.g. /dashboard/lessons/module5#dictionaries-looking-things-up-by-name */
  href: z.string(),
  /**
   * A short passage around the match as HTML: text escaped by the server, matches wrapped in
   * <mark>, nothing else.
   */
  snippetHtml: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** GET /api/search?q= */
export const searchReplySchema = z.object({
  query: z.string(),
  results: z.array(searchResultSchema),
});
export type SearchReply = z.infer<typeof searchReplySchema>;
