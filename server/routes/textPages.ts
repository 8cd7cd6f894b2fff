import type { FastifyPluginAsync } from 'fastify';
import { readRecord } from '../../lib/content.js';
import { publicRead } from '../cache/publicRead.js';
import { notFound } from '../http/errors.js';
import { SITE_DOCS } from './openapi/site.js';

export const textPagesRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { identifier: string } }>('/api/text-pages/content/:identifier', { schema: SITE_DOCS.textPage, ...publicRead() }, async (request) => {
    const page = await readRecord(app.content.reads, 'text-pages', request.params.identifier);
    if (!page) throw notFound('Страница не найдена.');
    return { data: page };
  });
};
