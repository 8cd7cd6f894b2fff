import type { FastifyPluginAsync } from 'fastify';
import { publicRead } from '../cache/publicRead.js';

export const networkRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/network/collections', publicRead(), async () => ({ data: await app.content.network.collections() }));
};
