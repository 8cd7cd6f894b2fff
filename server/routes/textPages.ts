import type { FastifyPluginAsync } from 'fastify';
import { publicRead } from '../cache/publicRead.js';
import { notFound } from '../http/errors.js';

export const textPagesRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { identifier: string } }>('/api/text-pages/content/:identifier', publicRead(), async (request) => {
    const page = await app.content.textPages.get(request.params.identifier);
    if (!page) throw notFound('Страница не найдена.');
    return { data: page };
  });
};
