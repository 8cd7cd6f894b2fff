import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { readRecord } from '../../lib/content.js';
import { publicRead } from '../cache/publicRead.js';
import { notFound } from '../http/errors.js';
import { requirePage } from '../http/paging.js';
import { NEWS_DOCS } from './openapi/content.js';
import { localeParams, requestedLocale, withLocaleQuery } from '../translations/publicQuery.js';

type PageQuery = { Querystring: Record<string, unknown> };

export const newsRoutes: FastifyPluginAsync = async (app) => {
  // In the language `?locale=` names, where the site has several.
  const { config } = app;
  const content = (request: FastifyRequest) => app.contentIn(requestedLocale(request, config));
  app.get<PageQuery>(
    '/api/news/items',
    { schema: withLocaleQuery(NEWS_DOCS.list, config), ...publicRead('ourPage', ...localeParams(config)) },
    async (request) => ({
      data: await content(request).news.list(requirePage(request.query.ourPage)),
    }),
  );

  app.get<PageQuery>(
    '/api/news/main-items',
    { schema: withLocaleQuery(NEWS_DOCS.mainItems, config), ...publicRead('page', ...localeParams(config)) },
    async (request) => ({
      data: await content(request).news.mainItems(requirePage(request.query.page)),
    }),
  );

  // An item read counts a view and answers the count: no public read, never kept by the page cache.
  app.get<{ Params: { id: string } }>('/api/news/item/:id', { schema: withLocaleQuery(NEWS_DOCS.item, config) }, async (request) => {
    const article = await readRecord(content(request).reads, 'news', request.params.id);
    if (!article) throw notFound('Новость не найдена.');
    return { data: article };
  });
};
