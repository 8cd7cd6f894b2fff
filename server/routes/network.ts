import type { FastifyPluginAsync } from 'fastify';

export const networkRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/network/collections', async () => ({ data: await app.content.network.collections() }));
};
