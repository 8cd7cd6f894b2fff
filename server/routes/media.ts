import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../http/errors.js';
import { requirePage } from '../http/paging.js';

type PageQuery = { Querystring: Record<string, unknown> };

export const mediaRoutes: FastifyPluginAsync = async (app) => {
  const media = app.content.media;

  app.get<PageQuery>('/api/media/items', async ({ query }) => ({
    data: await media.overview({
      ourPage: requirePage(query.ourPage),
      otherPage: requirePage(query.otherPage),
      videoPage: requirePage(query.videoPage),
    }),
  }));

  app.get<PageQuery>('/api/media/other-items', async ({ query }) => ({ data: await media.others(requirePage(query.page)) }));
  app.get<PageQuery>('/api/media/video-items', async ({ query }) => ({ data: await media.videos(requirePage(query.page)) }));
  app.get<PageQuery>('/api/media/main-items', async ({ query }) => ({ data: await media.mainItems(requirePage(query.page)) }));
  app.get('/api/media/generals', async () => ({ data: await media.generals() }));
  app.get('/api/media/sources', async () => ({ data: await media.sources() }));
  // Read counts change with every read, not with writes: these answers are never kept by the page cache.
  app.get('/api/media/many-reads', { config: { pageCache: false } }, async () => ({ data: await media.manyReads() }));

  app.get<{ Params: { id: string } }>('/api/media/item/:id', { config: { pageCache: false } }, async (request) => {
    const article = await media.get(request.params.id);
    if (!article) throw notFound('Статья не найдена.');
    return { data: article };
  });
};
