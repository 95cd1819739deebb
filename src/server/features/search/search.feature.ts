import type { CourseContent } from '../../content/course-content.ts';
import type { Db, DbEngine } from '../../db/database.ts';
import type { App } from '../../platform/fastify.ts';
import type { AccessHooks } from '../access/access.hooks.ts';
import { introductions, readGlossary, searchDocuments } from './search.documents.ts';
import { createSearchRepo } from './search.repo.ts';
import { searchRoutes } from './search.routes.ts';
import { createSearchService } from './search.service.ts';

/**
 * Course search (decision 0014): lessons by section, exercises and the glossary, in an index
 * rebuilt from the content at every start (SQLite FTS5 or PostgreSQL full-text search).
 */
export async function registerSearch(
  app: App,
  deps: {
    db: Db;
    engine: DbEngine;
    content: CourseContent;
    contentDir: string;
    hooks: AccessHooks;
  },
): Promise<void> {
  const repo = createSearchRepo(deps.db, deps.engine);
  const glossary = readGlossary(deps.contentDir);
  if (glossary === undefined) app.log.warn('no GLOSSARY.md in CONTENT_DIR: search leaves it out');
  const documents = searchDocuments(deps.content, glossary ?? '');
  await repo.rebuild(documents);
  const search = createSearchService({ repo, introductions: introductions(documents) });
  await app.register(searchRoutes, { search, hooks: deps.hooks });
}
