import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { SEARCH_MESSAGES, searchQueryError } from '../../lib/search.js';
import { setContentRange } from '../records/listQuery.js';
import { requireAccess } from '../auth/guard.js';
import { publicRead } from '../cache/publicRead.js';
import { HttpError } from '../http/errors.js';
import { requirePage } from '../http/paging.js';
import { adminSearch } from '../search/service.js';
import { SEARCH_DOCS } from './openapi/site.js';
import { ADMIN_DOCS } from './openapi/admin.js';
import { localeParams, requestedLocale, withLocaleQuery } from '../translations/publicQuery.js';

/** The query parameter `q`: one string, not empty, not too long; anything else is a 400 naming `q`. */
export function searchQuery(value: unknown): string {
  const error = typeof value === 'string' ? searchQueryError(value) : value === undefined ? SEARCH_MESSAGES.empty : 'Параметр должен встречаться один раз.';
  if (error) throw new HttpError(400, SEARCH_MESSAGES.invalid, { q: [error] });
  return (value as string).trim();
}

/** A parameter given plainly (`?q=`) or, as react-admin's list reads send it, inside `filter` (`?filter={"q":…}`). */
export function adminParam(query: Record<string, unknown>, name: string): unknown {
  if (query[name] !== undefined || typeof query.filter !== 'string') return query[name];
  try {
    const filter: unknown = JSON.parse(query.filter);
    return typeof filter === 'object' && filter !== null ? (filter as Record<string, unknown>)[name] : undefined;
  } catch {
    return undefined;
  }
}

async function adminSearchRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireAccess('staff'));
  /** Any item by a word, for the dashboard: the role's resources only (USER: news, articles, press, videos). */
  app.get<{ Querystring: Record<string, unknown> }>('/api/admin/search', { schema: ADMIN_DOCS.search }, async (request, reply) => {
    const data = await adminSearch(app.db, searchQuery(adminParam(request.query, 'q')), request.user?.permissions ?? {});
    setContentRange(reply, 'search', 0, data.length, data.length);
    return { data };
  });
}

/** `GET /api/search?q=&page=`: the site's full-text search; `GET /api/admin/search?q=`: the admin's. */
export const searchRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: Record<string, unknown> }>(
    '/api/search',
    { schema: withLocaleQuery(SEARCH_DOCS, app.config), ...publicRead('q', 'page', ...localeParams(app.config)) },
    async (request) => {
      const q = searchQuery(request.query.q);
      return {
        data: await app.contentIn(requestedLocale(request, app.config)).search.search(q, requirePage(request.query.page)),
      };
    },
  );
  await app.register(adminSearchRoutes);
};
