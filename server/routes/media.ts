import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { readRecord } from '../../lib/content.js';
import { publicRead } from '../cache/publicRead.js';
import { notFound } from '../http/errors.js';
import { requirePage } from '../http/paging.js';
import { MEDIA_DOCS } from './openapi/content.js';
import { localeParams, requestedLocale, withLocaleQuery } from '../translations/publicQuery.js';

type PageQuery = { Querystring: Record<string, unknown> };

export const mediaRoutes: FastifyPluginAsync = async (app) => {
  // In the language `?locale=` names, where the site has several.
  const { config } = app;
  const content = (request: FastifyRequest) => app.contentIn(requestedLocale(request, config));
  const media = (request: FastifyRequest) => content(request).media;
  const language = localeParams(config);

  app.get<PageQuery>(
    '/api/media/items',
    { schema: withLocaleQuery(MEDIA_DOCS.overview, config), ...publicRead('ourPage', 'otherPage', 'videoPage', ...language) },
    async (request) => ({
      data: await media(request).overview({
        ourPage: requirePage(request.query.ourPage),
        otherPage: requirePage(request.query.otherPage),
        videoPage: requirePage(request.query.videoPage),
      }),
    }),
  );

  app.get<PageQuery>('/api/media/other-items', { schema: withLocaleQuery(MEDIA_DOCS.others, config), ...publicRead('page', ...language) }, async (request) => ({
    data: await media(request).others(requirePage(request.query.page)),
  }));
  app.get<PageQuery>('/api/media/video-items', { schema: withLocaleQuery(MEDIA_DOCS.videos, config), ...publicRead('page', ...language) }, async (request) => ({
    data: await media(request).videos(requirePage(request.query.page)),
  }));
  app.get<PageQuery>(
    '/api/media/main-items',
    { schema: withLocaleQuery(MEDIA_DOCS.mainItems, config), ...publicRead('page', ...language) },
    async (request) => ({
      data: await media(request).mainItems(requirePage(request.query.page)),
    }),
  );
  app.get('/api/media/generals', { schema: withLocaleQuery(MEDIA_DOCS.generals, config), ...publicRead(...language) }, async (request) => ({
    data: await media(request).generals(),
  }));
  app.get('/api/media/sources', { schema: MEDIA_DOCS.sources, ...publicRead() }, async () => ({ data: await app.content.media.sources() }));
  // Read counts change with every read, not with writes: these answers are no public reads, never kept by the page cache.
  app.get('/api/media/many-reads', { schema: withLocaleQuery(MEDIA_DOCS.manyReads, config) }, async (request) => ({ data: await media(request).manyReads() }));

  app.get<{ Params: { id: string } }>('/api/media/item/:id', { schema: withLocaleQuery(MEDIA_DOCS.item, config) }, async (request) => {
    const article = await readRecord(content(request).reads, 'media-our', request.params.id);
    if (!article) throw notFound('Статья не найдена.');
    return { data: article };
  });
};
