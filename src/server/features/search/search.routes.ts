import { errorReplySchema as errorReply } from '#shared/api/error.schema.ts';
import { searchQuerySchema, searchReplySchema } from '#shared/api/search.schema.ts';
import type { RoutesPlugin } from '../../platform/fastify.ts';
import type { AccessHooks } from '../access/access.hooks.ts';
import type { SearchService } from './search.service.ts';

export interface SearchRoutesDeps {
  search: SearchService;
  hooks: AccessHooks;
}

export const searchRoutes: RoutesPlugin<SearchRoutesDeps> = async (app, deps) => {
  app.get(
    '/api/search',
    {
      preHandler: deps.hooks.requireSubscriber,
      schema: {
        summary: 'Search lessons (by section), exercises and the glossary, best match first',
        tags: ['search'],
        querystring: searchQuerySchema,
        response: {
          200: searchReplySchema,
          400: errorReply,
          401: errorReply,
          403: errorReply,
        },
      },
    },
    async (request) => deps.search.search(request.query.q),
  );
};
