import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../http/errors.js';
import { requirePage } from '../http/paging.js';

type PageQuery = { Querystring: Record<string, unknown> };

export const newsRoutes: FastifyPluginAsync = async (app) => {
  app.get<PageQuery>('/api/news/items', async (request) => ({
    data: await app.content.news.list(requirePage(request.query.ourPage)),
  }));

  app.get<PageQuery>('/api/news/main-items', async (request) => ({
    data: await app.content.news.mainItems(requirePage(request.query.page)),
  }));

  // An item read counts a view and answers the count: never kept by the page cache.
  app.get<{ Params: { id: string } }>('/api/news/item/:id', { config: { pageCache: false } }, async (request) => {
    const article = await app.content.news.get(request.params.id);
    if (!article) throw notFound('Новость не найдена.');
    return { data: article };
  });
};
