import type { FastifyPluginAsync } from 'fastify';
import { publicRead } from '../cache/publicRead.js';
import { SITE_DOCS } from './openapi/site.js';

export const networkRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/network/collections', { schema: SITE_DOCS.networks, ...publicRead() }, async () => ({ data: await app.content.network.collections() }));
};
