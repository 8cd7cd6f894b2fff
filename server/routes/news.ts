import type { FastifyPluginAsync } from 'fastify';
import { readRecord } from '../../lib/content.js';
import { publicRead } from '../cache/publicRead.js';
import { notFound } from '../http/errors.js';
import { requirePage } from '../http/paging.js';
import { NEWS_DOCS } from './openapi/content.js';

type PageQuery = { Querystring: Record<string, unknown> };

export const newsRoutes: FastifyPluginAsync = async (app) => {
  app.get<PageQuery>('/api/news/items', { schema: NEWS_DOCS.list, ...publicRead('ourPage') }, async (request) => ({
    data: await app.content.news.list(requirePage(request.query.ourPage)),
  }));

  app.get<PageQuery>('/api/news/main-items', { schema: NEWS_DOCS.mainItems, ...publicRead('page') }, async (request) => ({
    data: await app.content.news.mainItems(requirePage(request.query.page)),
  }));

  // An item read counts a view and answers the count: no public read, never kept by the page cache.
  app.get<{ Params: { id: string } }>('/api/news/item/:id', { schema: NEWS_DOCS.item }, async (request) => {
    const article = await readRecord(app.content.reads, 'news', request.params.id);
    if (!article) throw notFound('Новость не найдена.');
    return { data: article };
  });
};
