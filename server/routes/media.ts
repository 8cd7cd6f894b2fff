import type { FastifyPluginAsync } from 'fastify';
import { readRecord } from '../../lib/content.js';
import { publicRead } from '../cache/publicRead.js';
import { notFound } from '../http/errors.js';
import { requirePage } from '../http/paging.js';
import { MEDIA_DOCS } from './openapi/content.js';

type PageQuery = { Querystring: Record<string, unknown> };

export const mediaRoutes: FastifyPluginAsync = async (app) => {
  const media = app.content.media;

  app.get<PageQuery>('/api/media/items', { schema: MEDIA_DOCS.overview, ...publicRead('ourPage', 'otherPage', 'videoPage') }, async ({ query }) => ({
    data: await media.overview({
      ourPage: requirePage(query.ourPage),
      otherPage: requirePage(query.otherPage),
      videoPage: requirePage(query.videoPage),
    }),
  }));

  app.get<PageQuery>('/api/media/other-items', { schema: MEDIA_DOCS.others, ...publicRead('page') }, async ({ query }) => ({
    data: await media.others(requirePage(query.page)),
  }));
  app.get<PageQuery>('/api/media/video-items', { schema: MEDIA_DOCS.videos, ...publicRead('page') }, async ({ query }) => ({
    data: await media.videos(requirePage(query.page)),
  }));
  app.get<PageQuery>('/api/media/main-items', { schema: MEDIA_DOCS.mainItems, ...publicRead('page') }, async ({ query }) => ({
    data: await media.mainItems(requirePage(query.page)),
  }));
  app.get('/api/media/generals', { schema: MEDIA_DOCS.generals, ...publicRead() }, async () => ({ data: await media.generals() }));
  app.get('/api/media/sources', { schema: MEDIA_DOCS.sources, ...publicRead() }, async () => ({ data: await media.sources() }));
  // Read counts change with every read, not with writes: these answers are no public reads, never kept by the page cache.
  app.get('/api/media/many-reads', { schema: MEDIA_DOCS.manyReads }, async () => ({ data: await media.manyReads() }));

  app.get<{ Params: { id: string } }>('/api/media/item/:id', { schema: MEDIA_DOCS.item }, async (request) => {
    const article = await readRecord(app.content.reads, 'media-our', request.params.id);
    if (!article) throw notFound('Статья не найдена.');
    return { data: article };
  });
};
