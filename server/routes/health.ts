import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';

/** The API's home (what it is and where its reads are) and a health check that asks the database. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api', async () => ({
    data: {
      name: app.config.brand,
      api: 'v1',
      reads: [
        '/api/menu/{kind}',
        '/api/news/items',
        '/api/news/main-items',
        '/api/news/item/{id}',
        '/api/media/items',
        '/api/media/other-items',
        '/api/media/video-items',
        '/api/media/main-items',
        '/api/media/generals',
        '/api/media/sources',
        '/api/media/item/{id}',
        '/api/media/many-reads',
        '/api/network/collections',
        '/api/text-pages/content/{identifier}',
        '/api/photobank/logos',
        '/api/photobank/photos',
        '/api/photobank/logos/archive',
      ],
    },
  }));

  app.get('/api/health', async (_request, reply) => {
    try {
      await sql`select 1`.execute(app.db);
      return { data: { status: 'ok', database: app.dialect } };
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ message: 'База данных недоступна.' });
    }
  });
};
