import { sql } from 'kysely';
import type { Db, DbEngine } from '../../db/database.ts';
import type { Introduction, SearchDocument } from './search.documents.ts';

/** Snippet match markers: control characters no course text contains, escaped into <mark> later. */
export const MARK_START = '\u0002';
export const MARK_END = '\u0003';

export interface SearchHit {
  kind: SearchDocument['kind'];
  title: string;
  href: string;
  moduleNumber: number;
  label: string;
  /** Plain text with MARK_START/MARK_END around the matches. */
  snippet: string;
}

interface HitRow {
  kind: string;
  title: string;
  href: string;
  module_number: number | string;
  label: string;
  snippet: string;
}

const toHit = (row: HitRow): SearchHit => ({
  kind: row.kind as SearchHit['kind'],
  title: row.title,
  href: row.href,
  moduleNumber: Number(row.module_number),
  label: row.label,
  snippet: row.snippet,
});

/**
 * Lesson sections are what a learner looking for "that part about dictionaries" wants; a glossary
 * entry or an exercise prompt is so short that both engines would otherwise rank it first for any
 * word it holds. Both scores are multiplied by this (bm25 is negative: smaller factor, lower place).
 */
const KIND_WEIGHT_SQL = sql.raw(
  "(case kind when 'lesson' then 1.0 when 'exercise' then 0.6 else 0.4 end)",
);

/**
 * The section that introduces the searched term comes first, then its glossary entry, then the
 * rest by score: "dictionary" opens module 5's section, not module 11's csv.DictWriter one
 * that says the word more often.
 */
// SQLite would read a plain number in ORDER BY as a column's position: used there with `first` only.
const introductionFirst = (first: Introduction | undefined) =>
  first
    ? sql`(case when kind = 'lesson' and href = ${first.href} then 0
        when kind = 'glossary' and title = ${first.term} then 1 else 2 end)`
    : sql`2`;

/** Any id; two servers starting together on one PostgreSQL database rebuild one after the other. */
const REBUILD_LOCK = 20_020;

/**
 * The search index: SQLite FTS5 (porter stemming, bm25 with the title weighted 25:1) or PostgreSQL
 * tsvector (English stemming, title weight A, body B, ts_rank), behind the same two calls.
 * `words` are the query's words, already cut from the learner's text; all must match.
 * A section of the same href holds the words only if the engine matched it: the boost never
 * adds a result, it only orders the ones found.
 */
export function createSearchRepo(db: Db, engine: DbEngine) {
  async function rebuild(documents: readonly SearchDocument[]): Promise<void> {
    await db.transaction().execute(async (tx) => {
      if (engine === 'postgres')
        await sql`select pg_advisory_xact_lock(${REBUILD_LOCK})`.execute(tx);
      await sql`delete from search_documents`.execute(tx);
      for (let i = 0; i < documents.length; i += 100) {
        const rows = documents
          .slice(i, i + 100)
          .map(
            (d) =>
              sql`(${d.title}, ${d.body}, ${d.kind}, ${d.href}, ${d.moduleNumber}, ${d.label})`,
          );
        if (engine === 'sqlite') {
          await sql`insert into search_documents (title, body, kind, href, module_number, label)
            values ${sql.join(rows)}`.execute(tx);
        } else {
          await sql`insert into search_documents (title, body, kind, href, module_number, label, document)
            select t, b, k, h, m::integer, l,
              setweight(to_tsvector('english', t), 'A') || setweight(to_tsvector('english', b), 'B')
            from (values ${sql.join(rows)}) as v(t, b, k, h, m, l)`.execute(tx);
        }
      }
    });
  }

  async function searchSqlite(
    words: readonly string[],
    limit: number,
    first: Introduction | undefined,
  ): Promise<SearchHit[]> {
    // Each word quoted: the learner's text is never read as FTS5 query syntax.
    const match = words.map((w) => `"${w.replace(/"/g, '""')}"`).join(' ');
    const { rows } = await sql<HitRow>`
      select kind, title, href, module_number, label,
        snippet(search_documents, 1, ${MARK_START}, ${MARK_END}, '…', 24) as snippet
      from search_documents
      where search_documents match ${match}
      order by ${first ? sql`${introductionFirst(first)},` : sql``}
        bm25(search_documents, 25.0, 1.0) * ${KIND_WEIGHT_SQL}, rowid
      limit ${limit}`.execute(db);
    return rows.map(toHit);
  }

  async function searchPostgres(
    words: readonly string[],
    limit: number,
    first: Introduction | undefined,
  ): Promise<SearchHit[]> {
    const options = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=15, MaxFragments=1`;
    // The headline (the costly part) is made for the page of results only.
    const { rows } = await sql<HitRow>`
      select kind, title, href, module_number, label,
        ts_headline('english', body, query, ${options}) as snippet
      from (
        select s.*, q.query, ${introductionFirst(first)} as place,
          ts_rank(s.document, q.query) * ${KIND_WEIGHT_SQL} as rank
        from search_documents s, plainto_tsquery('english', ${words.join(' ')}) as q(query)
        where s.document @@ q.query
        order by place, rank desc, s.id
        limit ${limit}
      ) as top
      order by place, rank desc, id`.execute(db);
    return rows.map(toHit);
  }

  return {
    rebuild,
    /** `first`: where the searched term is introduced, if it is a glossary term. */
    search: (words: readonly string[], limit: number, first?: Introduction) =>
      engine === 'sqlite' ? searchSqlite(words, limit, first) : searchPostgres(words, limit, first),
  };
}
export type SearchRepo = ReturnType<typeof createSearchRepo>;
